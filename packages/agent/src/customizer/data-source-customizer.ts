import {
  type DataSource,
  type DataSourceFactory,
  type DataSourceSchema,
  type Logger,
  parseWithZod,
  ValidationError,
} from '@platform/datasource-toolkit';
import { z } from 'zod';
import { CollectionCustomizer } from './collection-customizer';
import { CompositeDataSource } from './composite-data-source';
import type { DataSourceChartDefinition } from './decorators/chart/types';
import { DecoratorsStack } from './decorators/decorators-stack';
import { PublicationDataSourceDecorator } from './decorators/publication/publication-data-source-decorator';
import { RenameCollectionDataSourceDecorator } from './decorators/rename/rename-collection-data-source-decorator';
import { DataSourceLoadError } from './errors';
import { assertPlugin, runPlugin } from './run-plugin';
import type { DataSourceOptions, Plugin } from './types';

const dataSourceOptionsSchema = z
  .object({
    include: z.array(z.string()).optional(),
    exclude: z.array(z.string()).optional(),
    rename: z.record(z.string(), z.string()).optional(),
  })
  .strict();

/**
 * Customizes the data the agent serves: data sources composed into one, and customizations of
 * its collections. Every method only queues its work and returns the customizer; the queue runs
 * in order when the agent builds its data source (`getDataSource`), so a customization may name
 * collections of a data source added before it. What a plugin queues runs right after it.
 *
 * @example
 * const customizer = new DataSourceCustomizer()
 *   .addDataSource(createSqlDataSource('postgres://localhost/shop'), { exclude: ['migrations'] })
 *   .customizeCollection('customers', (customers) =>
 *     customers.addField('fullName', {
 *       columnType: 'String',
 *       dependencies: ['firstName', 'lastName'],
 *       getValues: (records) => records.map((r) => `${r.firstName} ${r.lastName}`),
 *     }),
 *   );
 * const dataSource = await customizer.getDataSource(logger);
 */
export class DataSourceCustomizer {
  /** @internal The layers of the customization engine. */
  readonly stack: DecoratorsStack;
  private readonly composite = new CompositeDataSource();
  private dataSourceCount = 0;
  private building: Promise<void> | null = null;

  constructor() {
    this.stack = new DecoratorsStack(this.composite);
  }

  /** The data source schema (charts) as customized so far. */
  get schema(): DataSourceSchema {
    return this.stack.dataSource.schema;
  }

  /** A customizer per collection loaded so far (published or not). */
  get collections(): CollectionCustomizer[] {
    return this.composite.collections.map(({ name }) => new CollectionCustomizer(this, this.stack, name));
  }

  /**
   * Adds the collections of a data source. Several data sources are composed into one; two
   * collections of the same name are an error (use `rename` or `exclude`).
   * @throws ValidationError at once for malformed options.
   */
  addDataSource(factory: DataSourceFactory, options: DataSourceOptions = {}): this {
    if (typeof factory !== 'function') {
      throw new ValidationError(`addDataSource expects a data source factory (a function), got ${typeof factory}.`);
    }
    const { include, exclude, rename } = parseWithZod(dataSourceOptionsSchema, options, 'addDataSource options');
    this.dataSourceCount += 1;
    const label = `data source #${this.dataSourceCount}${factory.name ? ` (${factory.name})` : ''}`;

    this.stack.queueCustomization(async (logger) => {
      let dataSource: DataSource;
      try {
        dataSource = await factory(logger);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new DataSourceLoadError(`Could not load ${label}: ${reason}`, { cause: error });
      }
      if (include || exclude) {
        const publication = new PublicationDataSourceDecorator(dataSource);
        publication.keepCollectionsMatching(include, exclude);
        dataSource = publication;
      }
      if (rename) {
        const renamer = new RenameCollectionDataSourceDecorator(dataSource);
        renamer.renameCollections(rename);
        dataSource = renamer;
      }
      this.composite.addDataSource(dataSource, label);
    });

    return this;
  }

  /** Adds a data-source-level chart. */
  addChart(name: string, definition: DataSourceChartDefinition): this {
    this.stack.queueCustomization(() => this.stack.chart.addChart(name, definition));

    return this;
  }

  /**
   * Customizes one collection: `handle` receives its customizer (it may be async).
   * Fails at build time with the list of collections when `name` does not exist.
   */
  customizeCollection(name: string, handle: (collection: CollectionCustomizer) => unknown): this {
    this.stack.queueCustomization(async () => {
      this.stack.dataSource.getCollection(name);
      await handle(new CollectionCustomizer(this, this.stack, name));
    });

    return this;
  }

  /**
   * The customizer of a collection, for plugins that run while the agent builds.
   * @throws NotFoundError naming the collections that exist.
   */
  getCollection(name: string): CollectionCustomizer {
    this.stack.dataSource.getCollection(name);

    return new CollectionCustomizer(this, this.stack, name);
  }

  /**
   * Removes collections from the exported schema. They stay usable by customizations and by
   * relations of other collections (which disappear from the schema with them).
   */
  removeCollection(...names: string[]): this {
    this.stack.queueCustomization(() => {
      for (const name of names) this.stack.publication.removeCollection(name);
    });

    return this;
  }

  /** Loads a plugin on the whole data source. A failure names the plugin. */
  use<Options>(plugin: Plugin<Options>, options?: Options): this {
    assertPlugin(plugin);
    this.stack.queueCustomization((logger) => runPlugin(this.stack, plugin, this, null, options as Options, logger));

    return this;
  }

  /**
   * Applies the queued customizations (once: later calls apply only what was queued since) and
   * returns the customized data source.
   */
  async getDataSource(logger: Logger): Promise<DataSource> {
    this.building ??= this.stack.applyQueuedCustomizations(logger).finally(() => {
      this.building = null;
    });
    await this.building;

    return this.stack.dataSource;
  }

  /** A factory of the customized data source, to add it to another customizer or agent. */
  getFactory(): DataSourceFactory {
    return (logger) => this.getDataSource(logger);
  }

  /** Whether a collection is in the exported schema (false after `removeCollection`). */
  isCollectionPublished(name: string): boolean {
    return this.stack.publication.isPublished(name);
  }
}

import type { Logger } from '@platform/datasource-toolkit';
import type { CollectionCustomizer } from './collection-customizer';
import type { DataSourceCustomizer } from './data-source-customizer';

/**
 * A plugin: a function that customizes the agent (`agent.use(plugin, options)`, where
 * `collectionCustomizer` is null) or one collection (`collection.use(plugin, options)`). The
 * customizations it makes run right after it, before the next customization of the caller.
 *
 * @example
 * const addTimestamps: Plugin<{ field: string }> = (dataSource, collection, options) => {
 *   collection?.addField(`${options.field}Age`, { ... });
 * };
 */
export type Plugin<Options = unknown> = (
  dataSourceCustomizer: DataSourceCustomizer,
  collectionCustomizer: CollectionCustomizer | null,
  options: Options,
  logger: Logger,
) => void | Promise<void>;

/** Options of `addDataSource` (spec §2.2). */
export interface DataSourceOptions {
  /** Collections to keep (all when omitted). */
  readonly include?: readonly string[];
  /** Collections to leave out. */
  readonly exclude?: readonly string[];
  /** Collections to rename: old name → new name. Applied after include and exclude. */
  readonly rename?: Readonly<Record<string, string>>;
}

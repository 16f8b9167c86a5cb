import { type Logger, ValidationError } from '@platform/datasource-toolkit';
import type { CollectionCustomizer } from './collection-customizer';
import type { DataSourceCustomizer } from './data-source-customizer';
import type { DecoratorsStack } from './decorators/decorators-stack';
import { PluginError } from './errors';
import type { Plugin } from './types';

/** @throws ValidationError when `plugin` is not a function (checked when `use` is called). */
export function assertPlugin(plugin: unknown): asserts plugin is Plugin<never> {
  if (typeof plugin !== 'function') {
    throw new ValidationError(
      `A plugin must be a function (dataSource, collection, options, logger); got ${typeof plugin}.`,
    );
  }
}

/**
 * Runs a plugin, then what it queued, so that every failure names the plugin.
 * @throws PluginError with the original error as `cause`.
 * @internal
 */
export async function runPlugin<Options>(
  stack: DecoratorsStack,
  plugin: Plugin<Options>,
  dataSourceCustomizer: DataSourceCustomizer,
  collectionCustomizer: CollectionCustomizer | null,
  options: Options,
  logger: Logger,
): Promise<void> {
  try {
    await plugin(dataSourceCustomizer, collectionCustomizer, options, logger);
    await stack.applyQueuedCustomizations(logger);
  } catch (error) {
    const where = collectionCustomizer ? ` on collection '${collectionCustomizer.name}'` : '';
    const reason = error instanceof Error ? error.message : String(error);
    throw new PluginError(`Plugin '${plugin.name || 'anonymous'}'${where} failed: ${reason}`, { cause: error });
  }
}

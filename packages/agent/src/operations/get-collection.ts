import { type Collection, type DataSource, NotFoundError } from '@platform/datasource-toolkit';
import type { OperationContext } from './operation-context';

const collectionsByDataSource = new WeakMap<DataSource, Map<string, Collection>>();

/**
 * The collection `name` of the context's data source.
 * @throws NotFoundError listing the collections that exist.
 */
export function getCollection(context: Pick<OperationContext, 'dataSource'>, name: string | undefined): Collection {
  const { dataSource } = context;
  // The listing of a data source is fixed once it is built (`restart()` builds a new one), and
  // reading it walks every layer of the customization stack: found collections are remembered.
  let found = collectionsByDataSource.get(dataSource);
  const cached = name === undefined ? undefined : found?.get(name);
  if (cached !== undefined) return cached;

  const collection = dataSource.collections.find((candidate) => candidate.name === name);
  if (collection !== undefined && name !== undefined) {
    if (found === undefined) {
      found = new Map();
      collectionsByDataSource.set(dataSource, found);
    }
    found.set(name, collection);
  }
  if (collection === undefined) {
    const names = dataSource.collections.map((candidate) => candidate.name).join(', ');
    throw new NotFoundError(`Collection '${String(name)}' does not exist. Collections: ${names || 'none'}.`);
  }

  return collection;
}

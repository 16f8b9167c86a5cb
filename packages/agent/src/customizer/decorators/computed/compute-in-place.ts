import { type Caller, Projection, type RecordData, RecordUtils, ValidationError } from '@platform/datasource-toolkit';
import { createCollectionContext } from '../../context/collection-customization-context';
import type { ComputedCollectionDecorator } from './computed-collection-decorator';

/**
 * Adds to `records` (in place) the computed fields that `projection` asks for, a page at a time:
 * each computed field calls its `getValues` once for the whole page, with the records whose
 * dependency values are equal passed once. Computed dependencies are computed first; computed
 * fields of related records (`author:fullName`) are computed on the related records of the page.
 *
 * @internal
 */
export async function computeInPlace(
  collection: ComputedCollectionDecorator,
  caller: Caller,
  records: RecordData[],
  projection: Projection,
): Promise<void> {
  // One promise per path: a field needed by several others is computed once.
  const pending = new Map<string, Promise<void>>();
  const ensure = (path: string): Promise<void> => {
    let promise = pending.get(path);
    if (promise === undefined) {
      promise = computePath(collection, caller, records, path, ensure);
      pending.set(path, promise);
    }

    return promise;
  };

  await Promise.all(projection.map(ensure));
}

async function computePath(
  root: ComputedCollectionDecorator,
  caller: Caller,
  records: RecordData[],
  path: string,
  ensure: (path: string) => Promise<void>,
): Promise<void> {
  const computed = root.getComputed(path);
  if (computed === undefined) return; // A field of the child: already in the records.

  const index = path.lastIndexOf(':');
  const prefix = index === -1 ? '' : path.slice(0, index);
  const name = path.slice(index + 1);
  await Promise.all(computed.dependencies.map((dependency) => ensure(prefix ? `${prefix}:${dependency}` : dependency)));

  // The records that hold the field: the page itself, or its related records (when not null).
  const owners = prefix ? records.map((record) => RecordUtils.getFieldValue(record, prefix)).filter(isRecord) : records;
  if (owners.length === 0) return;

  const dependencies = new Projection(...computed.dependencies);
  const keyOf = (owner: RecordData): string =>
    JSON.stringify(dependencies.map((dependency) => RecordUtils.getFieldValue(owner, dependency) ?? null));
  const keys = owners.map(keyOf);
  const uniqueIndexes = new Map<string, number>();
  const uniqueOwners: RecordData[] = [];
  owners.forEach((owner, index) => {
    const key = keys[index] as string;
    if (!uniqueIndexes.has(key)) {
      uniqueIndexes.set(key, uniqueOwners.length);
      uniqueOwners.push(owner);
    }
  });

  const ownerCollection = prefix ? getCollectionAt(root, prefix) : root;
  const context = createCollectionContext(ownerCollection, caller);
  const values = await computed.getValues(dependencies.apply(uniqueOwners), context);
  if (!Array.isArray(values) || values.length !== uniqueOwners.length) {
    throw new ValidationError(
      `Computed field '${ownerCollection.name}.${name}': getValues must return an array of ${uniqueOwners.length} ` +
        `value(s), one per record it receives; it returned ${Array.isArray(values) ? `${values.length} value(s)` : typeof values}.`,
    );
  }
  const resolved = await Promise.all(values);

  owners.forEach((owner, index) => {
    owner[name] = resolved[uniqueIndexes.get(keys[index] as string) as number];
  });
}

function getCollectionAt(root: ComputedCollectionDecorator, prefix: string): ComputedCollectionDecorator {
  let collection = root;
  for (const segment of prefix.split(':')) {
    const relation = collection.schema.fields[segment];
    if (relation === undefined || relation.type === 'Column') return collection;
    collection = collection.sibling(relation.foreignCollection);
  }

  return collection;
}

function isRecord(value: unknown): value is RecordData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { type Collection, type CompositeId, unpackId, ValidationError } from '@platform/datasource-toolkit';

/**
 * The id of a record of `collection` from its packed form (`12`, `12|34`). Numeric parts are
 * read strictly, in canonical decimal (`unpackId`): `0x10`, `1e1`, `+10`, `010` or ` 10` are
 * refused rather than read as another record's id.
 * @throws ValidationError naming the id when the part count or a numeric part is wrong.
 */
export function parseId(collection: Collection, packed: unknown): CompositeId {
  if (typeof packed !== 'string' && typeof packed !== 'number') {
    throw new ValidationError(`Invalid id for '${collection.name}': expected a packed id such as "12" or "12|34".`);
  }

  return unpackId(collection.schema, String(packed), collection.name);
}

/** Ids of `collection` from a list of packed ids. */
export function parseIds(collection: Collection, packed: readonly unknown[]): CompositeId[] {
  return packed.map((id) => parseId(collection, id));
}

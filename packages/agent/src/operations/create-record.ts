import { type Collection, type RecordData, RecordValidator } from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import type { OperationContext } from './operation-context';
import { resolveReferences } from './resolve-references';

/**
 * Creates one record from `values`, where a ManyToOne relation may be given as the packed id of
 * the record it points at. Hooks and validation rules of the collection run as for any write.
 * @returns the record as created, or null when the collection answers none.
 * @throws ForbiddenError when the caller may not add; ValidationError (or MissingFieldError) for
 *   bad values; NotFoundError when a referenced record is not visible.
 */
export async function createRecord(
  context: OperationContext,
  input: { readonly collection: Collection; readonly values: RecordData },
): Promise<RecordData | null> {
  const { collection } = input;
  await authorize(context, 'add', collection);
  const record = await resolveReferences(context, collection, input.values);
  RecordValidator.validate(collection, record);

  const [created] = await collection.create(context.caller, [record]);

  return created ?? null;
}

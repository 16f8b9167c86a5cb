import { type Collection, getCompositeId, packId, type RecordData } from '@platform/datasource-toolkit';
import { z } from 'zod';

/** A record as tools answer it: its packed id (what the other tools take), and its fields. */
export const identifiedRecordSchema = z.object({
  id: z.string().describe('The packed id of the record, to pass to the other tools.'),
  record: z.record(z.string(), z.unknown()),
});

/** `record` with its packed id. */
export function identify(collection: Collection, record: RecordData): z.output<typeof identifiedRecordSchema> {
  return { id: packId(collection.schema, getCompositeId(collection.schema, record)), record };
}

/** `record` with its packed id, when it has its primary keys (an overridden create may answer without). */
export function identifyCreated(
  collection: Collection,
  record: RecordData | null,
): { id: string | null; record: RecordData | null } {
  if (record === null) return { id: null, record };
  try {
    return identify(collection, record);
  } catch {
    return { id: null, record };
  }
}

import type { Collection } from '@platform/datasource-toolkit';
import { z } from 'zod';
import type { ListQuery } from '../../operations/list-query';
import type { ListResult } from '../../operations/read-page';
import { identifiedRecordSchema, identify } from './records-output';

/** What a list tool answers: the page of records, which page it is, and the count when asked. */
export const listOutputSchema = z.object({
  records: z.array(identifiedRecordSchema),
  page: z.object({ number: z.number(), size: z.number() }),
  count: z.number().nullable().optional().describe('Records matching on every page; null when not countable.'),
});

/** The data of a list tool's result. */
export function toListOutput(
  collection: Collection,
  query: ListQuery,
  result: ListResult,
): z.output<typeof listOutputSchema> {
  const size = query.page.limit ?? result.records.length;

  return {
    records: result.records.map((record) => identify(collection, record)),
    page: { number: size === 0 ? 1 : query.page.skip / size + 1, size },
    ...(result.count === undefined ? {} : { count: result.count }),
  };
}

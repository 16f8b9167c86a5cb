import { type Collection, ValidationError } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { parseIds } from '../../operations/parse-id';
import type { RecordSelection } from '../../operations/record-selection';
import { parseConditionTree } from './parse-condition-tree';

const packedId = z.union([z.string(), z.number()]);

/** The records a bulk request targets: a list of ids, or all records matching `filters` but `excludedIds`. */
export const selectionSchema = z.object({
  ids: z.array(packedId).optional(),
  allRecords: z.boolean().optional(),
  excludedIds: z.array(packedId).optional(),
  filters: z.unknown().optional(),
});

export type SelectionBody = z.infer<typeof selectionSchema>;

/**
 * The selection of a body, when it makes one. `allRecords` selects what `filters` matches
 * (everything without filters) minus `excludedIds`; otherwise `ids` are selected.
 * @returns undefined for a body with neither `ids` nor `allRecords`.
 * @throws ValidationError for bad ids or bad filters.
 */
export function parseSelection(collection: Collection, body: SelectionBody): RecordSelection | undefined {
  if (body.allRecords === true) {
    const excludedIds = parseIds(collection, body.excludedIds ?? []);

    return { allRecords: true, conditionTree: parseConditionTree(body.filters, collection), excludedIds };
  }
  if (body.ids !== undefined) return { ids: parseIds(collection, body.ids) };

  return undefined;
}

/**
 * The selection of a body that must make one (see `parseSelection`).
 * @throws ValidationError for bad ids, bad filters, or a missing selection.
 */
export function parseRequiredSelection(collection: Collection, body: SelectionBody): RecordSelection {
  const selection = parseSelection(collection, body);
  if (selection !== undefined) return selection;

  throw new ValidationError(
    'Invalid body: give the records as `ids` (packed ids), or `allRecords: true` with optional `filters` and `excludedIds`.',
  );
}

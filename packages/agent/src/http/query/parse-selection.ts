import {
  type Collection,
  type ConditionTree,
  ConditionTreeFactory,
  ValidationError,
} from '@platform/datasource-toolkit';
import { z } from 'zod';
import { parseConditionTree } from './parse-condition-tree';
import { parseIds } from './parse-id';

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
 * The condition tree of a selection. `allRecords` selects what `filters` matches (everything
 * without filters) minus `excludedIds`; otherwise `ids` are selected.
 * @param isRequired when true, a body with neither `ids` nor `allRecords` is refused.
 * @throws ValidationError for bad ids, bad filters, or a missing selection.
 */
export function parseSelection(
  collection: Collection,
  body: SelectionBody,
  isRequired: boolean,
): ConditionTree | undefined {
  if (body.allRecords === true) {
    const excluded = parseIds(collection, body.excludedIds ?? []);

    return ConditionTreeFactory.intersect(
      parseConditionTree(body.filters, collection),
      excluded.length > 0 ? ConditionTreeFactory.matchIds(collection.schema, excluded).inverse() : undefined,
    );
  }
  if (body.ids !== undefined) return ConditionTreeFactory.matchIds(collection.schema, parseIds(collection, body.ids));
  if (!isRequired) return undefined;

  throw new ValidationError(
    'Invalid body: give the records as `ids` (packed ids), or `allRecords: true` with optional `filters` and `excludedIds`.',
  );
}

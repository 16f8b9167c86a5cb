import {
  type ActionSchema,
  type Collection,
  Filter,
  NotFoundError,
  Projection,
  ValidationError,
} from '@platform/datasource-toolkit';
import { findRecord } from './find-record';
import type { OperationContext } from './operation-context';
import { type RecordSelection, selectionTree } from './record-selection';
import { restrictToScope } from './restrict-to-scope';

/** An action of a collection, and the records it runs on. */
export interface ActionRequest {
  readonly collection: Collection;
  /** The action's name, as in `collection.schema.actions`. */
  readonly action: string;
  /** Single actions take one id, Bulk actions a selection; Global actions run on any selection, or none. */
  readonly selection?: RecordSelection;
}

/**
 * The schema of the requested action.
 * @throws NotFoundError listing the actions of the collection.
 */
export function getActionSchema(request: ActionRequest): ActionSchema {
  const { collection, action } = request;
  const schema = collection.schema.actions[action];
  if (schema === undefined) {
    const names = Object.keys(collection.schema.actions);
    throw new NotFoundError(
      `Action '${action}' does not exist on '${collection.name}'. Actions: ${names.join(', ') || 'none'}.`,
    );
  }

  return schema;
}

/**
 * The records an action runs on, within the caller's scope. To run, a Single action takes exactly
 * one id, of a record the caller sees, and a Bulk action a selection; a form is loaded with any.
 * @throws ValidationError for a selection that does not fit the scope; NotFoundError when the
 *   record of a Single action is not visible.
 */
export async function buildActionFilter(
  context: OperationContext,
  request: ActionRequest,
  isExecution: boolean,
): Promise<Filter> {
  const { collection, action, selection } = request;
  const { scope } = getActionSchema(request);
  if (isExecution && scope === 'Single') {
    const id = selection?.allRecords === true || selection?.ids.length !== 1 ? undefined : selection.ids[0];
    if (id === undefined) {
      throw new ValidationError(`Action '${action}' runs on a single record: pass exactly one id in \`ids\`.`);
    }
    // A Single action names its record: one outside the caller's scope is answered as missing,
    // rather than running the action on an empty selection.
    await findRecord(context, collection, id, new Projection().withPks(collection));
  }
  if (isExecution && scope === 'Bulk' && selection === undefined) {
    throw new ValidationError(`Action '${action}' runs on a selection of records: pass their ids in \`ids\`.`);
  }
  const tree = selection === undefined ? undefined : selectionTree(collection, selection);

  return new Filter({ conditionTree: await restrictToScope(context, collection, tree) });
}

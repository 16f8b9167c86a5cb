import type { ActionScope } from '@platform/datasource-toolkit';
import { ActionContext } from './action-context';
import type { ActionContextOptions } from './action-context-base';
import { ActionContextBulk } from './action-context-bulk';
import { ActionContextSingle } from './action-context-single';

/** @internal The context class of each scope. */
export function createActionContext(
  scope: ActionScope,
  options: ActionContextOptions,
): ActionContext | ActionContextBulk | ActionContextSingle {
  switch (scope) {
    case 'Global':
      return new ActionContext(options);
    case 'Bulk':
      return new ActionContextBulk(options);
    case 'Single':
      return new ActionContextSingle(options);
    default: {
      const unknownScope: never = scope;
      throw new Error(`Unknown action scope ${String(unknownScope)}.`);
    }
  }
}

import type { ActionContextSingle, ActionDefinition } from '@platform/agent';
import { isOrderStatus, NEXT_ORDER_STATUSES, type OrderStatus } from '../order-status';
import { findRefusedStatusChange } from './refused-status-change';

// Actions write below the hooks layer, so the status rule of the Before Update hook is checked
// here too.

/** Ships the selected orders, all of which must be paid. */
export const markAsShippedAction: ActionDefinition = {
  scope: 'Bulk',
  execute: async (context, result) => {
    const refusal = await findRefusedStatusChange(context.collection, context.caller, context.filter, 'shipped');
    if (refusal !== undefined) return result.error(refusal);

    await context.collection.update(context.caller, context.filter, { status: 'shipped' });
    return result.success('Shipped.');
  },
};

const currentStatus = async (context: ActionContextSingle): Promise<OrderStatus | undefined> => {
  const status = await context.getField('status');
  return isOrderStatus(status) ? status : undefined;
};

/**
 * Moves one order to a next status. The form is dynamic: `New status` offers only what the
 * order's current status allows, and `Reason` appears (required) when the order is cancelled.
 */
export const changeStatusAction: ActionDefinition = {
  scope: 'Single',
  form: [
    {
      label: 'New status',
      type: 'Enum',
      isRequired: true,
      enumValues: async (context) => {
        const status = await currentStatus(context);
        return status === undefined ? [] : NEXT_ORDER_STATUSES[status];
      },
      description: async (context) => `The order is ${await currentStatus(context)}.`,
    },
    {
      label: 'Reason',
      type: 'String',
      isRequired: true,
      if: (context) => context.formValues['New status'] === 'cancelled',
    },
  ],
  execute: async (context, result) => {
    const next = context.formValues['New status'];
    if (!isOrderStatus(next)) return result.error('Choose a new status.');
    const refusal = await findRefusedStatusChange(context.collection, context.caller, context.filter, next);
    if (refusal !== undefined) return result.error(refusal);

    await context.collection.update(context.caller, context.filter, { status: next });
    const reason = context.formValues.Reason;
    return result.success(`Order ${await context.getRecordId()} is now ${next}${reason ? ` (${reason})` : ''}.`);
  },
};

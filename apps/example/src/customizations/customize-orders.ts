import type { CollectionCustomizer } from '@platform/agent';
import { isOrderStatus } from '../order-status';
import { changeStatusAction, markAsShippedAction } from './order-actions';
import { orderTotal } from './order-total';
import { findRefusedStatusChange } from './refused-status-change';

/**
 * Orders: a computed `total`, the `products` they hold (through `order_items`), a `To ship`
 * segment, two actions, and a hook refusing status changes that make no sense (a shipped order
 * going back to pending), with a message the user sees.
 */
export function customizeOrders(orders: CollectionCustomizer): void {
  orders
    .addField('total', orderTotal)
    .addManyToManyRelation('products', 'products', 'order_items', { originKey: 'order_id', foreignKey: 'product_id' })
    .addSegment('To ship', { field: 'status', operator: 'Equal', value: 'paid' })
    .addAction('Mark as shipped', markAsShippedAction)
    .addAction('Change status', changeStatusAction)
    .addHook('Before', 'Update', async (context) => {
      const next = context.patch.status;
      if (!isOrderStatus(next)) return;
      const refusal = await findRefusedStatusChange(context.collection, context.caller, context.filter, next);
      // A plain Error would reach the user as a 500 "Unexpected error"; this is a 400 with the message.
      if (refusal !== undefined) context.throwValidationError(refusal);
    });
}

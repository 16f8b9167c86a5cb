import { Aggregation, type Caller, type Collection, type Filter } from '@platform/agent';
import { isOrderStatus, type OrderStatus, refuseStatusChange } from '../order-status';

/**
 * Why the orders `filter` selects cannot all become `next`, or undefined when they can. One
 * query, whatever the number of orders: a count of the selection per current status.
 */
export async function findRefusedStatusChange(
  orders: Collection,
  caller: Caller,
  filter: Filter,
  next: OrderStatus,
): Promise<string | undefined> {
  const groups = await orders.aggregate(
    caller,
    filter,
    new Aggregation({ operation: 'Count', groups: [{ field: 'status' }] }),
  );
  for (const { group } of groups) {
    const current = group.status;
    const refusal = isOrderStatus(current) ? refuseStatusChange(current, next) : undefined;
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

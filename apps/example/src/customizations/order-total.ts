import { type ComputedDefinition, ConditionTreeLeaf, PaginatedFilter, Projection } from '@platform/agent';

/**
 * An order's total, in currency units: the sum of its items' quantity × unit price. One query
 * on `order_items` per page of orders, whatever the page size.
 */
export const orderTotal: ComputedDefinition = {
  columnType: 'Number',
  dependencies: ['id'],
  getValues: async (orders, context) => {
    const items = await context.dataSource.getCollection('order_items').list(
      context.caller,
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf(
          'order_id',
          'In',
          orders.map((order) => order.id),
        ),
      }),
      new Projection('order_id', 'quantity', 'unit_price_cents'),
    );
    const cents = new Map<unknown, number>();
    for (const item of items) {
      cents.set(item.order_id, (cents.get(item.order_id) ?? 0) + Number(item.quantity) * Number(item.unit_price_cents));
    }
    return orders.map((order) => (cents.get(order.id) ?? 0) / 100);
  },
};

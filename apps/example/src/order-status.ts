export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What an order may become: shipped and cancelled orders are final. */
export const NEXT_ORDER_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: [],
  cancelled: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

/**
 * Why an order of status `from` cannot become `to`, in words for the user; undefined when it can
 * (keeping its status is always allowed).
 */
export function refuseStatusChange(from: OrderStatus, to: OrderStatus): string | undefined {
  const next = NEXT_ORDER_STATUSES[from];
  if (from === to || next.includes(to)) return undefined;

  return next.length === 0
    ? `A ${from} order cannot become ${to}: ${from} is final.`
    : `A ${from} order cannot become ${to}: it can only become ${next.join(' or ')}.`;
}

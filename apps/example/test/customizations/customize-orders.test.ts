import { SAMPLE_PAID_ORDER_ID } from '../../src/sample-database';
import { type ConnectedExample, startConnectedExample } from '../factories/connected-example';

describe('the orders customizations', () => {
  let connected: ConnectedExample;
  beforeAll(async () => {
    connected = await startConnectedExample();
  });
  afterAll(() => connected.close());

  const orders = () => connected.client.collection('orders');

  test('total sums quantity × unit price of each order of a page', async () => {
    const page = await orders().list({
      fields: ['id', 'total'],
      sort: { field: 'id' },
      pagination: { number: 2, size: 20 },
    });

    expect(page).toHaveLength(20);
    for (const order of page) expect(order.total).toBeCloseTo(connected.db.orderTotal(Number(order.id)), 2);
  });

  test('products lists the products of an order, through its items', async () => {
    const expected = connected.db.count('SELECT COUNT(*) FROM order_items WHERE order_id = 12');

    const products = await orders()
      .relation('products', 12)
      .list({ fields: ['id', 'name'] });

    expect(expected).toBeGreaterThan(0);
    expect(products).toHaveLength(expected);
    expect(products.every((product) => typeof product.name === 'string')).toBe(true);
  });

  test('the To ship segment holds exactly the paid orders', async () => {
    const paid = connected.db.count("SELECT COUNT(*) FROM orders WHERE status = 'paid'");

    const count = await orders().segment('To ship').count();

    expect(paid).toBeGreaterThan(0);
    expect(count).toBe(paid);
  });

  test('the hook lets a paid order be shipped, as the sample workflow does', async () => {
    expect(connected.db.orderStatus(SAMPLE_PAID_ORDER_ID)).toBe('paid');

    await orders().update(SAMPLE_PAID_ORDER_ID, { status: 'shipped' });

    expect(connected.db.orderStatus(SAMPLE_PAID_ORDER_ID)).toBe('shipped');
  });

  test('the hook refuses to move a shipped order back, with a 400 the user reads', async () => {
    const shipped = connected.db.orderWithStatus('shipped');

    const refusal = orders().update(shipped, { status: 'pending' });

    await expect(refusal).rejects.toMatchObject({
      status: 400,
      agentErrorName: 'ValidationError',
      message: expect.stringContaining('A shipped order cannot become pending: shipped is final.'),
    });
    expect(connected.db.orderStatus(shipped)).toBe('shipped');
  });

  test('the hook says what a pending order may become when it is shipped unpaid', async () => {
    const pending = connected.db.orderWithStatus('pending');

    const refusal = orders().update(pending, { status: 'shipped' });

    await expect(refusal).rejects.toMatchObject({
      status: 400,
      agentErrorName: 'ValidationError',
      message: expect.stringContaining('A pending order cannot become shipped: it can only become paid or cancelled.'),
    });
    expect(connected.db.orderStatus(pending)).toBe('pending');
  });
});

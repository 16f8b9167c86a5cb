import { type ConnectedExample, startConnectedExample } from '../factories/connected-example';

describe('the Orders by status chart', () => {
  let connected: ConnectedExample;
  beforeAll(async () => {
    connected = await startConnectedExample();
  });
  afterAll(() => connected.close());

  test('counts the orders of each status, in the order of the statuses', async () => {
    const count = (status: string) => connected.db.count('SELECT COUNT(*) FROM orders WHERE status = ?', status);

    const chart = await connected.client.chart('Orders by status');

    expect(chart).toEqual({
      type: 'Distribution',
      value: [
        { key: 'pending', value: count('pending') },
        { key: 'paid', value: count('paid') },
        { key: 'shipped', value: count('shipped') },
        { key: 'cancelled', value: count('cancelled') },
      ],
    });
    expect(count('pending')).toBeGreaterThan(0);
  });
});

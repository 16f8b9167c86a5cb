import { type ConnectedExample, startConnectedExample } from '../factories/connected-example';

describe('the orders actions', () => {
  let connected: ConnectedExample;
  beforeAll(async () => {
    connected = await startConnectedExample();
  });
  afterAll(() => connected.close());

  const orders = () => connected.client.collection('orders');

  describe('Change status', () => {
    test('offers only the statuses the order can move to', async () => {
      const action = orders().action('Change status', { recordId: connected.db.orderWithStatus('pending') });

      const field = await action.getField('New status').getProperties();

      expect(field).toMatchObject({
        enumValues: ['paid', 'cancelled'],
        isRequired: true,
        description: 'The order is pending.',
      });
    });

    test('offers nothing for a final order', async () => {
      const action = orders().action('Change status', { recordId: connected.db.orderWithStatus('shipped') });

      const field = await action.getField('New status').getProperties();

      expect(field).toMatchObject({ enumValues: [], description: 'The order is shipped.' });
    });

    test('asks for a reason only when the order is cancelled', async () => {
      const action = orders().action('Change status', { recordId: connected.db.orderWithStatus('paid') });
      expect(await action.getField('Reason').getProperties()).toBeUndefined();

      await action.getField('New status').fill('cancelled');

      expect(await action.getField('Reason').getProperties()).toMatchObject({ isRequired: true });
    });

    test('refuses to cancel without a reason', async () => {
      const id = connected.db.orderWithStatus('paid');
      const action = orders().action('Change status', { recordId: id });
      await action.getField('New status').fill('cancelled');

      const execution = action.execute();

      await expect(execution).rejects.toMatchObject({ status: 400, agentErrorName: 'ValidationError' });
      expect(connected.db.orderStatus(id)).toBe('paid');
    });

    test('moves the order to the chosen status', async () => {
      const id = connected.db.orderWithStatus('pending');
      const action = orders().action('Change status', { recordId: id });
      await action.fill({ 'New status': 'cancelled', Reason: 'Asked by the customer' });

      const result = await action.execute();

      expect(result).toMatchObject({ success: `Order ${id} is now cancelled (Asked by the customer).` });
      expect(connected.db.orderStatus(id)).toBe('cancelled');
    });
  });

  describe('Mark as shipped', () => {
    test('ships the selected paid orders', async () => {
      const ids = [connected.db.orderWithStatus('paid', 0), connected.db.orderWithStatus('paid', 1)];

      const result = await orders().action('Mark as shipped', { recordIds: ids }).execute();

      expect(result).toMatchObject({ success: 'Shipped.' });
      expect(ids.map((id) => connected.db.orderStatus(id))).toEqual(['shipped', 'shipped']);
    });

    test('ships nothing when one selected order is not paid, and says why', async () => {
      const paid = connected.db.orderWithStatus('paid');
      const pending = connected.db.orderWithStatus('pending');

      const result = await orders()
        .action('Mark as shipped', { recordIds: [paid, pending] })
        .execute();

      expect(result).toEqual({ error: 'A pending order cannot become shipped: it can only become paid or cancelled.' });
      expect([connected.db.orderStatus(paid), connected.db.orderStatus(pending)]).toEqual(['paid', 'pending']);
    });
  });
});

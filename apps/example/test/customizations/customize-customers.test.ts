import { type ConnectedExample, startConnectedExample } from '../factories/connected-example';

describe('the customers customizations', () => {
  let connected: ConnectedExample;
  beforeAll(async () => {
    connected = await startConnectedExample();
  });
  afterAll(() => connected.close());

  test('fullName joins the first and last names', async () => {
    const [customer] = await connected.client.collection('customers').list({
      fields: ['id', 'first_name', 'last_name', 'fullName'],
      sort: { field: 'id' },
      pagination: { number: 1, size: 1 },
    });

    expect(customer?.first_name).toEqual(expect.any(String));
    expect(customer?.fullName).toBe(`${customer?.first_name} ${customer?.last_name}`);
  });

  test('the JSON address is served as four plain fields, and no longer as JSON', async () => {
    const customer = await connected.client.collection('customers').getOne(7);

    const { street, city, zip, country } = connected.db.customerAddress(7);
    expect(customer).toMatchObject({
      'address@@@street': street,
      'address@@@city': city,
      'address@@@zip': zip,
      'address@@@country': country,
    });
    expect(customer).not.toHaveProperty('address');
  });

  test('a flattened field filters like a column', async () => {
    const inParis = connected.db.count("SELECT COUNT(*) FROM customers WHERE address ->> 'city' = 'Paris'");

    const count = await connected.client
      .collection('customers')
      .count({ filters: { field: 'address@@@city', operator: 'Equal', value: 'Paris' } });

    expect(inParis).toBeGreaterThan(0);
    expect(count).toBe(inParis);
  });

  test('writing a flattened field keeps the other keys of the address', async () => {
    const before = connected.db.customerAddress(8);

    await connected.client.collection('customers').update(8, { 'address@@@city': 'Springfield' });

    expect(connected.db.customerAddress(8)).toEqual({ ...before, city: 'Springfield' });
  });
});

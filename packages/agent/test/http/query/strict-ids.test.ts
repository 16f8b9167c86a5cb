import { describeWithService } from '@platform/tooling/test-services';
import request from 'supertest';
import { type SqlAgent, startSqlAgent } from '../../factories/sql-agent';

const DDL = [
  'create table customers (id integer primary key, name text not null)',
  "insert into customers select n, 'customer ' || n from generate_series(1, 20) as n",
];

describeWithService('postgres', 'ids are parsed strictly, PostgreSQL', () => {
  let agent: SqlAgent;
  beforeAll(async () => {
    agent = await startSqlAgent('postgres', DDL);
  });
  afterAll(async () => {
    await agent?.close();
  });

  test('reads a record by its canonical decimal id', async () => {
    const response = await request(agent.baseUrl).get('/customers/16').set('Authorization', agent.authorization);

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: 16, name: 'customer 16' });
  });

  test.each(['0x10', '1e1', '%2010', '10%20', '+10', '010', '10.0', '-0', '9007199254740993'])(
    'refuses GET /customers/%s with a 400 naming the id',
    async (id) => {
      const response = await request(agent.baseUrl).get(`/customers/${id}`).set('Authorization', agent.authorization);

      expect(response.status).toBe(400);
      expect(response.body.errors[0].name).toBe('ValidationError');
      expect(response.body.errors[0].detail).toContain(`Invalid id "${decodeURIComponent(id)}" for 'customers'`);
    },
  );

  test('refuses to delete or update through a non-canonical id, and changes no row', async () => {
    const deleted = await request(agent.baseUrl).delete('/customers/1e1').set('Authorization', agent.authorization);
    const updated = await request(agent.baseUrl)
      .put('/customers/0x10')
      .set('Authorization', agent.authorization)
      .send({ data: { name: 'changed' } });

    expect([deleted.status, updated.status]).toEqual([400, 400]);
    const rows = await agent.query<{ id: number; name: string }>('select id, name from customers where id in (10, 16)');
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: 10, name: 'customer 10' },
        { id: 16, name: 'customer 16' },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  test('refuses a selection of ids that are not canonical, and deletes nothing', async () => {
    const response = await request(agent.baseUrl)
      .delete('/customers')
      .set('Authorization', agent.authorization)
      .send({ data: { ids: ['1e1', '0x10'] } });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
    const rows = await agent.query<{ count: string }>('select count(*) as count from customers');
    expect(Number(rows[0]?.count)).toBe(20);
  });
});

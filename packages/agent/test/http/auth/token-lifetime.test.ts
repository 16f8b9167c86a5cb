import { describeWithService } from '@platform/tooling/test-services';
import { SignJWT } from 'jose';
import request from 'supertest';
import { type SqlAgent, startSqlAgent } from '../../factories/sql-agent';
import { AUTH_SECRET, makeClaims } from '../../factories/tokens';

const DDL = ['create table notes (id serial primary key, body text not null)', "insert into notes (body) values ('a')"];
const HOUR = 3600;

/** A token issued `iat` (default now), expiring at `exp` when given. */
async function sign(times: { iat?: number | null; exp?: number }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT(makeClaims()).setProtectedHeader({ alg: 'HS256' });
  if (times.iat !== null) jwt = jwt.setIssuedAt(times.iat ?? now);
  if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
  return jwt.sign(new TextEncoder().encode(AUTH_SECRET));
}

describeWithService('postgres', 'user token lifetime, PostgreSQL', () => {
  const now = () => Math.floor(Date.now() / 1000);
  let agent: SqlAgent;
  const count = async () =>
    Number((await agent.query<{ count: string }>('select count(*) as count from notes'))[0]?.count);
  const create = (token: string) =>
    request(agent.baseUrl)
      .post('/notes')
      .set('Authorization', `Bearer ${token}`)
      .send({ data: { body: 'x' } });

  describe('by default (24 hours)', () => {
    beforeAll(async () => {
      agent = await startSqlAgent('postgres', DDL);
    });
    afterAll(async () => {
      await agent?.close();
    });

    test('accepts a token that expires within 24 hours of its issue', async () => {
      const before = await count();

      const response = await create(await sign({ exp: now() + 23 * HOUR }));

      expect(response.status).toBe(201);
      expect(await count()).toBe(before + 1);
    });

    test('refuses a token without exp with 401 InvalidTokenError, and writes nothing', async () => {
      const before = await count();

      const response = await create(await sign({}));

      expect(response.status).toBe(401);
      expect(response.body.errors[0].name).toBe('InvalidTokenError');
      expect(response.body.errors[0].detail).toContain('no expiry (`exp` claim)');
      expect(await count()).toBe(before);
    });

    test('refuses a token made to last longer than 24 hours, and writes nothing', async () => {
      const before = await count();
      const issued = now();

      const response = await create(await sign({ iat: issued, exp: issued + 25 * HOUR }));

      expect(response.status).toBe(401);
      expect(response.body.errors[0].name).toBe('InvalidTokenError');
      expect(response.body.errors[0].detail).toContain('more than the 86400');
      expect(await count()).toBe(before);
    });

    test('measures a token dated in the future from now', async () => {
      const future = now() + 365 * 24 * HOUR;

      const response = await request(agent.baseUrl)
        .get('/notes')
        .set('Authorization', `Bearer ${await sign({ iat: future, exp: future + HOUR })}`);

      expect(response.status).toBe(401);
      expect(response.body.errors[0].name).toBe('InvalidTokenError');
    });

    test('measures a token without iat from now', async () => {
      const longLived = await request(agent.baseUrl)
        .get('/notes')
        .set('Authorization', `Bearer ${await sign({ iat: null, exp: now() + 30 * 24 * HOUR })}`);
      const shortLived = await request(agent.baseUrl)
        .get('/notes')
        .set('Authorization', `Bearer ${await sign({ iat: null, exp: now() + HOUR })}`);

      expect([longLived.status, shortLived.status]).toEqual([401, 200]);
    });
  });

  describe('with maxTokenLifetime: 60', () => {
    beforeAll(async () => {
      agent = await startSqlAgent('postgres', DDL, { maxTokenLifetime: 60 });
    });
    afterAll(async () => {
      await agent?.close();
    });

    test('refuses a one-hour token and accepts a one-minute one', async () => {
      const before = await count();

      const hour = await create(await sign({ exp: now() + HOUR }));
      const minute = await create(await sign({ exp: now() + 60 }));

      expect(hour.status).toBe(401);
      expect(hour.body.errors[0].detail).toContain('maxTokenLifetime');
      expect(minute.status).toBe(201);
      expect(await count()).toBe(before + 1);
    });
  });
});

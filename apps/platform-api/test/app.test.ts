import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { createPostgresPrismaClient } from '../src/db/create-prisma-client';
import { silentLogger } from './helpers/silent-logger';
import { createTestContext, describeEachDatabase, type TestContext } from './helpers/test-context';

describeEachDatabase('createApp', (kind) => {
  let testContext: TestContext;

  beforeAll(async () => {
    testContext = await createTestContext(kind);
  });

  afterAll(() => testContext.close());

  test('answers GET /health with 200', async () => {
    const response = await request(testContext.app).get('/health');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  test('answers GET /ready with 200 when the database answers', async () => {
    const response = await request(testContext.app).get('/ready');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready', database: 'ok' });
  });

  test('echoes a sane incoming X-Request-Id', async () => {
    const response = await request(testContext.app).get('/health').set('X-Request-Id', 'trace-42.a:b_c');

    expect(response.headers['x-request-id']).toBe('trace-42.a:b_c');
  });

  test('replaces an unsafe incoming X-Request-Id with a generated one', async () => {
    const response = await request(testContext.app).get('/health').set('X-Request-Id', 'bad id\twith spaces');

    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('generates an X-Request-Id when none is sent', async () => {
    const first = await request(testContext.app).get('/health');
    const second = await request(testContext.app).get('/health');

    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  test('answers an unknown route with 404 not_found', async () => {
    const response = await request(testContext.app).get('/nothing-here');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'not_found', message: 'No route for GET /nothing-here' });
  });

  test('answers a malformed JSON body with 400 invalid_json', async () => {
    const response = await request(testContext.app)
      .post('/anything')
      .set('Content-Type', 'application/json')
      .send('{"name": ');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON' });
  });

  test('answers a JSON body over the size limit with 413 payload_too_large', async () => {
    const response = await request(testContext.app)
      .post('/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ blob: 'x'.repeat(1_100_000) }));

    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('createApp without a database', () => {
  test('answers GET /ready with 503 and GET /health with 200 once PGlite is closed', async () => {
    const testContext = await createTestContext('pglite');
    await testContext.close();

    const ready = await request(testContext.app).get('/ready');
    const health = await request(testContext.app).get('/health');

    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect(health.status).toBe(200);
  });

  test('answers GET /ready with 503 when PostgreSQL is unreachable', async () => {
    // Port 1 refuses connections: Prisma cannot reach the server at all.
    const prisma = createPostgresPrismaClient('postgresql://postgres@127.0.0.1:1/platform');
    const app = createApp({ ...contextTemplate(), prisma });

    const response = await request(app).get('/ready');

    expect(response.status).toBe(503);
    await prisma.$disconnect();
  });
});

function contextTemplate() {
  return {
    config: loadConfig({}),
    logger: silentLogger(),
    now: () => new Date(),
  };
}

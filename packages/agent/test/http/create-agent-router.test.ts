import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import express from 'express';
import request from 'supertest';
import { createAgentRouter } from '../../src/http/create-agent-router';
import { makeApp } from '../factories/make-app';
import { AUTH_SECRET, signToken } from '../factories/tokens';

describe('createAgentRouter', () => {
  test('answers the healthcheck without authentication', async () => {
    const { app } = await makeApp();

    const response = await request(app).get('/platform/');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  test('serves its routes under a custom prefix', async () => {
    const { app, authorization } = await makeApp({ prefix: 'admin-api/' });

    const inside = await request(app).get('/admin-api/authors/count').set('Authorization', authorization);
    const outside = await request(app).get('/platform/authors/count').set('Authorization', authorization);

    expect(inside.body).toEqual({ meta: { count: 2 } });
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual({});
  });

  test('lets requests outside the prefix reach the host app', async () => {
    const { app } = await makeApp();

    const response = await request(app).get('/host-route');

    expect(response.text).toBe('host');
  });

  test('echoes the X-Request-Id header', async () => {
    const { app } = await makeApp();

    const response = await request(app).get('/platform/').set('X-Request-Id', 'abc-123');

    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  test('generates a request id when none or an unsafe one is given', async () => {
    const { app } = await makeApp();

    const none = await request(app).get('/platform/');
    const unsafe = await request(app).get('/platform/').set('X-Request-Id', 'a b\tc');

    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('logs one Info line per request with status, method, path and duration', async () => {
    const { app, logs, authorization } = await makeApp();

    await request(app).get('/platform/books?search=dune').set('Authorization', authorization);
    await request(app).get('/platform/magazines').set('Authorization', authorization);

    const lines = logs.filter((log) => log.level === 'Info').map((log) => log.message);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[200\] GET \/platform\/books - \d+ms$/);
    expect(lines[1]).toMatch(/^\[404\] GET \/platform\/magazines - \d+ms$/);
  });

  test('allows the platform origin by CORS, with credentials', async () => {
    const { app } = await makeApp({ corsOrigins: ['https://app.platform.example'] });

    const preflight = await request(app)
      .options('/platform/books')
      .set('Origin', 'https://app.platform.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');

    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.platform.example');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
  });

  test('gives other origins no CORS headers', async () => {
    const { app } = await makeApp({ corsOrigins: ['https://app.platform.example'] });

    const response = await request(app).get('/platform/').set('Origin', 'https://evil.example');

    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('without corsOrigins, answers no CORS headers and no preflight', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .get('/platform/books')
      .set('Origin', 'https://app.platform.example')
      .set('Authorization', authorization);
    const preflight = await request(app)
      .options('/platform/books')
      .set('Origin', 'https://app.platform.example')
      .set('Access-Control-Request-Method', 'GET');

    expect(response.status).toBe(200);
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(preflight.status).toBe(401);
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  test('reads the data source per request, so that it can be swapped', async () => {
    let current = makeLibraryDataSource();
    const app = express().use(
      createAgentRouter(() => current, {
        prefix: '/platform',
        authSecret: AUTH_SECRET,
        isProduction: false,
        useUnsafeActionEndpoint: false,
        logger: silentLogger,
      }),
    );
    const authorization = `Bearer ${await signToken()}`;

    const before = await request(app).get('/platform/authors/count').set('Authorization', authorization);
    current = makeLibraryDataSource({ authors: [{ id: 1, name: 'Only one' }] });
    const after = await request(app).get('/platform/authors/count').set('Authorization', authorization);

    expect(before.body.meta.count).toBe(2);
    expect(after.body.meta.count).toBe(1);
  });
});

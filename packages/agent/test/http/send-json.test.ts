import express from 'express';
import request from 'supertest';
import { makeApp } from '../factories/make-app';

describe('sendJson (the JSON answers of the routes)', () => {
  test('answers the JSON type, the byte length of the body and the request id, without an ETag', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .get('/platform/authors/2?fields[authors]=name')
      .set('Authorization', authorization);

    expect(response.status).toBe(200);
    expect(response.text).toBe('{"data":{"name":"Ursula Le Guin","id":2}}');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.text)));
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers).not.toHaveProperty('etag');
  });

  test('counts the length in bytes, not characters', async () => {
    const { app, authorization } = await makeApp();
    const created = await request(app)
      .post('/platform/authors')
      .set('Authorization', authorization)
      .send({ data: { name: 'Éowyn Ü' } });

    const response = await request(app)
      .get(`/platform/authors/${created.body.data.id}`)
      .set('Authorization', authorization);

    expect(response.text).toContain('Éowyn Ü');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.text));
    expect(Number(response.headers['content-length'])).toBeGreaterThan(response.text.length);
  });

  test('answers errors the same way, with their status', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app).get('/platform/nope').set('Authorization', authorization);

    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.text)));
    expect(response.headers).not.toHaveProperty('etag');
    expect(response.body.errors[0].name).toBe('NotFoundError');
  });

  test('answers a HEAD with the length of the body it leaves out', async () => {
    const { app, authorization } = await makeApp();
    const get = await request(app).get('/platform/books/2').set('Authorization', authorization);

    const head = await request(app).head('/platform/books/2').set('Authorization', authorization);

    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text).toBeUndefined();
  });

  test('writes the same JSON whatever the host app sets as `json spaces`', async () => {
    const { app, authorization } = await makeApp();
    const host = express().set('json spaces', 2).use(app);

    const response = await request(host)
      .get('/platform/authors/2?fields[authors]=name')
      .set('Authorization', authorization);

    expect(response.text).toBe('{"data":{"name":"Ursula Le Guin","id":2}}');
  });
});

import { ConditionTreeLeaf } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import request from 'supertest';
import { createDevelopmentPermissions } from '../../../src/http/permissions/development-permissions';
import { makeActionDataSource } from '../factories/action-data-source';
import { makeApp } from '../factories/make-app';
import { makeDenyAllPermissions, makeRecordingPermissions } from '../factories/permissions';

type Call = readonly [method: 'get' | 'post' | 'put' | 'delete', path: string, body: object | null];

const ROUTES: Call[] = (
  [
    ['get', '/platform/books'],
    ['get', '/platform/books/count'],
    ['get', '/platform/books.csv'],
    ['get', '/platform/books/1'],
    ['post', '/platform/books', { data: { title: 'x' } }],
    ['put', '/platform/books/1', { data: { price: 1 } }],
    ['delete', '/platform/books/3', null],
    ['delete', '/platform/books', { ids: ['2'] }],
    ['get', '/platform/books/1/relationships/reviews'],
    ['get', '/platform/books/1/relationships/reviews/count'],
    ['get', '/platform/books/1/relationships/reviews.csv'],
    ['post', '/platform/books/1/relationships/tags', { ids: ['3'] }],
    ['delete', '/platform/books/1/relationships/tags', { ids: ['1'] }],
    ['put', '/platform/books/1/relationships/author', { id: '2' }],
    ['get', '/platform/_charts/books/salesByRecord?recordId=1'],
    ['get', '/platform/_charts/totalBooks'],
    ['post', '/platform/_actions/books/0/mark-as-read', { values: {}, ids: ['1'] }],
    ['post', '/platform/_actions/books/0/mark-as-read/hooks/load', { ids: ['1'] }],
  ] as const
).map(([method, path, body]) => [method, path, body ?? null]);

function send(app: Parameters<typeof request>[0], authorization: string, [method, path, body]: Call) {
  const pending = request(app)[method](path).set('Authorization', authorization);

  return body === null ? pending : pending.send(body);
}

describe('permissions', () => {
  test.each(ROUTES)('answers 403 ForbiddenError on %s %s when the service refuses', async (method, path, body) => {
    const { dataSource, probe } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource, permissions: makeDenyAllPermissions() });

    const response = await send(app, authorization, [method, path, body]);

    expect(response.status).toBe(403);
    expect(response.body.errors[0]).toMatchObject({ name: 'ForbiddenError', status: 403 });
    expect(probe.executions).toHaveLength(0);
  });

  test('asks the permission of each kind of route', async () => {
    const { dataSource } = makeActionDataSource();
    const permissions = makeRecordingPermissions();
    const { app, authorization } = await makeApp({ dataSource, permissions });

    for (const route of ROUTES) {
      const response = await send(app, authorization, route);
      expect(response.status).toBeLessThan(300);
    }

    expect(permissions.checks).toEqual([
      { permission: 'browse', collection: 'books' },
      { permission: 'browse', collection: 'books' },
      { permission: 'export', collection: 'books' },
      { permission: 'read', collection: 'books' },
      { permission: 'add', collection: 'books' },
      { permission: 'edit', collection: 'books' },
      { permission: 'delete', collection: 'books' },
      { permission: 'delete', collection: 'books' },
      { permission: 'browse', collection: 'reviews' },
      { permission: 'browse', collection: 'reviews' },
      { permission: 'export', collection: 'reviews' },
      { permission: 'edit', collection: 'books' },
      { permission: 'edit', collection: 'books' },
      { permission: 'edit', collection: 'books' },
      { permission: 'chart', collection: 'books', chart: 'salesByRecord' },
      { permission: 'chart', collection: '', chart: 'totalBooks' },
      { permission: 'action', collection: 'books', action: 'Mark as read' },
      { permission: 'action', collection: 'books', action: 'Mark as read' },
    ]);
  });

  test('intersects the caller scope into list, count and get', async () => {
    const scope = new ConditionTreeLeaf('authorId', 'Equal', 1);
    const { app, authorization } = await makeApp({ permissions: makeRecordingPermissions({ books: scope }) });

    const list = await request(app).get('/platform/books').set('Authorization', authorization);
    const count = await request(app).get('/platform/books/count').set('Authorization', authorization);
    const outOfScope = await request(app).get('/platform/books/2').set('Authorization', authorization);

    expect(list.body.data.map((book: { id: number }) => book.id)).toEqual([1, 3]);
    expect(count.body).toEqual({ meta: { count: 2 } });
    expect(outOfScope.status).toBe(404);
  });

  test('intersects the scope into writes: records out of scope are neither updated nor deleted', async () => {
    const scope = new ConditionTreeLeaf('authorId', 'Equal', 1);
    const { app, authorization } = await makeApp({ permissions: makeRecordingPermissions({ books: scope }) });

    const update = await request(app)
      .put('/platform/books/2')
      .set('Authorization', authorization)
      .send({ data: { price: 1 } });
    await request(app).delete('/platform/books').set('Authorization', authorization).send({ allRecords: true });
    const remaining = await request(app).get('/platform/books').set('Authorization', authorization);

    expect(update.status).toBe(404);
    expect(remaining.body.data).toEqual([]);
  });

  test('intersects the scope of the foreign collection into relation lists', async () => {
    const scope = new ConditionTreeLeaf('rating', 'GreaterThan', 4);
    const { app, authorization } = await makeApp({ permissions: makeRecordingPermissions({ reviews: scope }) });

    const response = await request(app)
      .get('/platform/books/1/relationships/reviews')
      .set('Authorization', authorization);

    expect(response.body.data.map((review: { id: number }) => review.id)).toEqual([1]);
  });

  test('the development service allows everything, with no scope', async () => {
    const permissions = createDevelopmentPermissions();

    await expect(permissions.can(makeCaller(), 'delete', 'books')).resolves.toBeUndefined();
    await expect(permissions.getScope?.(makeCaller(), 'books')).resolves.toBeNull();
  });
});

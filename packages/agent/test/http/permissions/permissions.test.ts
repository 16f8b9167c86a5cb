import { ConditionTreeLeaf } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import request from 'supertest';
import { createDevelopmentPermissions } from '../../../src/http/permissions/development-permissions';
import { makeActionDataSource } from '../../factories/action-data-source';
import { makeApp } from '../../factories/make-app';
import { makeDenyAllPermissions, makeRecordingPermissions } from '../../factories/permissions';

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

  describe('scopes on reads (the books of author 1, the reviews rated over 4)', () => {
    const scopes = {
      books: new ConditionTreeLeaf('authorId', 'Equal', 1),
      reviews: new ConditionTreeLeaf('rating', 'GreaterThan', 4),
    };
    const get = async (path: string) => {
      const { app, authorization } = await makeApp({ permissions: makeRecordingPermissions(scopes) });
      return request(app).get(`/platform${path}`).set('Authorization', authorization);
    };
    const ids = (response: request.Response) => response.body.data.map((record: { id: number }) => record.id);

    test('the unscoped library has records on both sides of each scope', async () => {
      const { app, authorization } = await makeApp();

      const books = await request(app)
        .get('/platform/books?fields[books]=id,authorId')
        .set('Authorization', authorization);
      const reviews = await request(app)
        .get('/platform/books/1/relationships/reviews')
        .set('Authorization', authorization);

      expect(books.body.data).toEqual([
        { id: 1, authorId: 1 },
        { id: 2, authorId: 2 },
        { id: 3, authorId: 1 },
      ]);
      expect(reviews.body.data).toEqual([
        { id: 1, rating: 5, bookId: 1 },
        { id: 2, rating: 4, bookId: 1 },
      ]);
    });

    test('lists only the records in scope', async () => {
      expect(ids(await get('/books'))).toEqual([1, 3]);
    });

    test('counts only the records in scope', async () => {
      expect((await get('/books/count')).body).toEqual({ meta: { count: 2 } });
    });

    test('exports only the records in scope', async () => {
      expect((await get('/books.csv?fields[books]=id')).text).toBe('id\n1\n3\n');
    });

    test('answers 404 for a record out of scope', async () => {
      expect((await get('/books/2')).status).toBe(404);
    });

    test('lists, counts and exports only the related records in the scope of the foreign collection', async () => {
      expect(ids(await get('/books/1/relationships/reviews'))).toEqual([1]);
      expect((await get('/books/1/relationships/reviews/count')).body).toEqual({ meta: { count: 1 } });
      expect((await get('/books/1/relationships/reviews.csv?fields[reviews]=id')).text).toBe('id\n1\n');
    });

    test('answers 404 for the relations of a parent record out of scope', async () => {
      expect((await get('/books/2/relationships/reviews')).status).toBe(404);
    });
  });

  test('the development service allows everything, with no scope', async () => {
    const permissions = createDevelopmentPermissions();

    await expect(permissions.can(makeCaller(), 'delete', 'books')).resolves.toBeUndefined();
    await expect(permissions.getScope?.(makeCaller(), 'books')).resolves.toBeNull();
  });
});

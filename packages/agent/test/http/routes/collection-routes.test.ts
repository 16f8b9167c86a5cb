import request from 'supertest';
import { makeApp } from '../../factories/make-app';

describe('collection routes', () => {
  describe('GET /:collection (list)', () => {
    test('lists records as plain JSON in primary key order, with to-one relation keys', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app).get('/platform/books').set('Authorization', authorization);

      expect(response.status).toBe(200);
      expect(response.body.data.map((book: { id: number }) => book.id)).toEqual([1, 2, 3]);
      expect(response.body.data[0]).toEqual({
        id: 1,
        title: 'Dune',
        isbn: '978-0441013593',
        publishedAt: '1965-08-01T00:00:00.000Z',
        price: 10,
        status: 'live',
        authorId: 1,
        author: { id: 1 },
        cover: { id: 1 },
      });
      expect(response.body.meta).toEqual({ page: { number: 1, size: 15 } });
    });

    test('filters with a JSON condition tree', async () => {
      const { app, authorization } = await makeApp();
      const filters = JSON.stringify({ field: 'author:name', operator: 'Equal', value: 'Frank Herbert' });

      const response = await request(app).get('/platform/books').query({ filters }).set('Authorization', authorization);

      expect(response.body.data.map((book: { title: string }) => book.title)).toEqual(['Dune', 'Children of Dune']);
    });

    test('pages with page[number] and page[size]', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/books?page[number]=2&page[size]=2')
        .set('Authorization', authorization);

      expect(response.body.data.map((book: { id: number }) => book.id)).toEqual([3]);
      expect(response.body.meta.page).toEqual({ number: 2, size: 2 });
    });

    test('sorts by a comma list of fields, descending with "-", through relations', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/books?sort=author:name,-price')
        .set('Authorization', authorization);

      expect(response.body.data.map((book: { id: number }) => book.id)).toEqual([3, 1, 2]);
    });

    test('searches', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/books?search=dispossessed')
        .set('Authorization', authorization);

      expect(response.body.data.map((book: { id: number }) => book.id)).toEqual([2]);
    });

    test('projects fields per collection, relation fields included', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/books?fields[books]=title,author&fields[author]=name&sort=id')
        .set('Authorization', authorization);

      expect(response.body.data[0]).toEqual({ id: 1, title: 'Dune', author: { id: 1, name: 'Frank Herbert' } });
    });

    test('reads a to-one relation with its primary key when fields[relation] is absent', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/books?fields[books]=title,cover')
        .set('Authorization', authorization);

      expect(response.body.data[1]).toEqual({ id: 2, title: 'The Dispossessed', cover: null });
    });

    test('evaluates relative date operators in the timezone parameter', async () => {
      const { app, authorization } = await makeApp();
      const filters = JSON.stringify({ field: 'publishedAt', operator: 'Past' });

      const response = await request(app)
        .get('/platform/books')
        .query({ filters, timezone: 'Europe/Paris' })
        .set('Authorization', authorization);

      expect(response.status).toBe(200);
      expect(response.body.data.map((book: { id: number }) => book.id)).toEqual([1]);
    });
  });

  describe('GET /:collection/count', () => {
    test('counts the records matching the filters', async () => {
      const { app, authorization } = await makeApp();
      const filters = JSON.stringify({ field: 'price', operator: 'GreaterThan', value: 9 });

      const response = await request(app)
        .get('/platform/books/count')
        .query({ filters })
        .set('Authorization', authorization);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ meta: { count: 2 } });
    });

    test('answers "deactivated" for a collection that is not countable', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app).get('/platform/events/count').set('Authorization', authorization);

      expect(response.body).toEqual({ meta: { count: 'deactivated' } });
    });
  });
});

import request from 'supertest';
import { makeApp } from '../../factories/make-app';

describe('record routes', () => {
  describe('GET /:collection/:id', () => {
    test('returns one record with its projection', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/books/2?fields[books]=title,author&fields[author]=name')
        .set('Authorization', authorization);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: { id: 2, title: 'The Dispossessed', author: { id: 2, name: 'Ursula Le Guin' } },
      });
    });

    test('finds a record of a composite primary key by its packed id', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app).get('/platform/bookTags/1|2').set('Authorization', authorization);

      expect(response.body).toEqual({ data: { bookId: 1, tagId: 2 } });
    });
  });

  describe('POST /:collection', () => {
    test('creates a record and answers 201 with it', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .post('/platform/books')
        .set('Authorization', authorization)
        .send({ data: { title: 'Tehanu', price: 9, authorId: 2 } });

      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ id: 4, title: 'Tehanu', price: 9, authorId: 2 });
    });

    test('writes a ManyToOne relation given as a packed id through its foreign key', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .post('/platform/books')
        .set('Authorization', authorization)
        .send({ data: { title: 'Lathe of Heaven', author: '2' } });

      expect(response.body.data).toMatchObject({ title: 'Lathe of Heaven', authorId: 2 });
    });
  });

  describe('PUT /:collection/:id', () => {
    test('updates a record and returns it as it now is', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .put('/platform/books/1')
        .set('Authorization', authorization)
        .send({ data: { price: 11 } });

      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id: 1, title: 'Dune', price: 11 });
    });

    test('reads the record back through its new id when the patch changes the primary key', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .put('/platform/bookTags/2|3')
        .set('Authorization', authorization)
        .send({ data: { tagId: 1 } });

      expect(response.body).toEqual({ data: { bookId: 2, tagId: 1 } });
    });
  });

  describe('DELETE /:collection/:id', () => {
    test('deletes one record and answers 204', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app).delete('/platform/reviews/1').set('Authorization', authorization);
      const after = await request(app).get('/platform/reviews').set('Authorization', authorization);

      expect(response.status).toBe(204);
      expect(after.body.data.map((review: { id: number }) => review.id)).toEqual([2, 3]);
    });
  });

  describe('DELETE /:collection (bulk)', () => {
    test('deletes the records of a list of ids', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .delete('/platform/reviews')
        .set('Authorization', authorization)
        .send({ ids: ['1', '3'] });
      const after = await request(app).get('/platform/reviews').set('Authorization', authorization);

      expect(response.status).toBe(204);
      expect(after.body.data.map((review: { id: number }) => review.id)).toEqual([2]);
    });

    test('deletes all records matching the filters except the excluded ids', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .delete('/platform/reviews')
        .set('Authorization', authorization)
        .send({ allRecords: true, excludedIds: ['2'], filters: { field: 'bookId', operator: 'Equal', value: 1 } });
      const after = await request(app).get('/platform/reviews').set('Authorization', authorization);

      expect(after.body.data.map((review: { id: number }) => review.id)).toEqual([2, 3]);
    });

    test('deletes records of a composite primary key', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .delete('/platform/bookTags')
        .set('Authorization', authorization)
        .send({ ids: ['1|1', '2|3'] });
      const after = await request(app).get('/platform/bookTags').set('Authorization', authorization);

      expect(after.body.data).toEqual([{ bookId: 1, tagId: 2 }]);
    });
  });
});

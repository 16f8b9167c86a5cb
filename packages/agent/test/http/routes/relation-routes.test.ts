import request from 'supertest';
import { makeApp } from '../../factories/make-app';

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((record) => record.id);

describe('relation routes', () => {
  describe('reads of to-many relations', () => {
    test('lists the records of a OneToMany relation, with the foreign query parameters', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/books/1/relationships/reviews?sort=-rating&fields[reviews]=rating')
        .set('Authorization', authorization);

      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([
        { id: 1, rating: 5 },
        { id: 2, rating: 4 },
      ]);
    });

    test('lists the records of a ManyToMany relation', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/books/1/relationships/tags')
        .set('Authorization', authorization);

      expect(response.body.data).toEqual([
        { id: 1, label: 'sci-fi' },
        { id: 2, label: 'classic' },
      ]);
    });

    test('counts the records of a relation', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/authors/1/relationships/books/count')
        .set('Authorization', authorization);

      expect(response.body).toEqual({ meta: { count: 2 } });
    });

    test('exports the records of a relation as CSV', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .get('/platform/authors/1/relationships/books.csv?fields[books]=title,price')
        .set('Authorization', authorization);

      expect(response.status).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename=authors-books.csv');
      expect(response.text).toBe('title,price\nDune,10\nChildren of Dune,12\n');
    });
  });

  describe('POST .../relationships/:relation (associate)', () => {
    test('links records of a OneToMany relation by setting their origin key', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .post('/platform/books/2/relationships/reviews')
        .set('Authorization', authorization)
        .send({ ids: ['1'] });
      const after = await request(app)
        .get('/platform/books/2/relationships/reviews')
        .set('Authorization', authorization);

      expect(response.status).toBe(204);
      expect(ids(after.body)).toEqual([1, 3]);
    });

    test('links records of a ManyToMany relation by creating through records', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .post('/platform/books/3/relationships/tags')
        .set('Authorization', authorization)
        .send({ ids: ['1', '3'] });
      const links = await request(app)
        .get('/platform/bookTags?filters={"field":"bookId","operator":"Equal","value":3}')
        .set('Authorization', authorization);

      expect(links.body.data).toEqual([
        { bookId: 3, tagId: 1 },
        { bookId: 3, tagId: 3 },
      ]);
    });
  });

  describe('DELETE .../relationships/:relation (dissociate)', () => {
    test('unlinks OneToMany records by setting their origin key to null', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .delete('/platform/books/1/relationships/reviews')
        .set('Authorization', authorization)
        .send({ ids: ['2'] });
      const review = await request(app).get('/platform/reviews/2').set('Authorization', authorization);

      expect(review.body.data).toEqual({ id: 2, rating: 4, bookId: null });
    });

    test('deletes OneToMany records with ?delete=true', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .delete('/platform/books/1/relationships/reviews?delete=true')
        .set('Authorization', authorization)
        .send({ allRecords: true });
      const reviews = await request(app).get('/platform/reviews').set('Authorization', authorization);

      expect(ids(reviews.body)).toEqual([3]);
    });

    test('unlinks ManyToMany records by deleting the through records only', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .delete('/platform/books/1/relationships/tags')
        .set('Authorization', authorization)
        .send({ ids: ['1'] });
      const links = await request(app).get('/platform/bookTags').set('Authorization', authorization);
      const tags = await request(app).get('/platform/tags').set('Authorization', authorization);

      expect(links.body.data).toEqual([
        { bookId: 1, tagId: 2 },
        { bookId: 2, tagId: 3 },
      ]);
      expect(ids(tags.body)).toEqual([1, 2, 3]);
    });

    test('deletes ManyToMany records and their links with ?delete=true', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .delete('/platform/books/1/relationships/tags?delete=true')
        .set('Authorization', authorization)
        .send({ ids: ['2'] });
      const links = await request(app).get('/platform/bookTags').set('Authorization', authorization);
      const tags = await request(app).get('/platform/tags').set('Authorization', authorization);

      expect(links.body.data).toEqual([
        { bookId: 1, tagId: 1 },
        { bookId: 2, tagId: 3 },
      ]);
      expect(ids(tags.body)).toEqual([1, 3]);
    });
  });

  describe('PUT .../relationships/:relation (to-one)', () => {
    test('points a ManyToOne relation at another record', async () => {
      const { app, authorization } = await makeApp();

      const response = await request(app)
        .put('/platform/books/3/relationships/author')
        .set('Authorization', authorization)
        .send({ id: '2' });
      const book = await request(app)
        .get('/platform/books/3?fields[books]=authorId')
        .set('Authorization', authorization);

      expect(response.status).toBe(204);
      expect(book.body.data).toEqual({ id: 3, authorId: 2 });
    });

    test('unlinks a ManyToOne relation with a null id', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .put('/platform/books/1/relationships/author')
        .set('Authorization', authorization)
        .send({ id: null });
      const book = await request(app)
        .get('/platform/books/1?fields[books]=authorId')
        .set('Authorization', authorization);

      expect(book.body.data).toEqual({ id: 1, authorId: null });
    });

    test('moves a OneToOne relation: the previous record is unlinked, the new one linked', async () => {
      const { app, authorization } = await makeApp();

      await request(app)
        .put('/platform/books/1/relationships/cover')
        .set('Authorization', authorization)
        .send({ id: '2' });
      const covers = await request(app)
        .get('/platform/covers?fields[covers]=bookId')
        .set('Authorization', authorization);

      expect(covers.body.data).toEqual([
        { id: 1, bookId: null },
        { id: 2, bookId: 1 },
      ]);
    });
  });
});

import {
  type ConditionTree,
  ConditionTreeLeaf,
  type DataSource,
  Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import request from 'supertest';
import { makeActionDataSource } from '../../factories/action-data-source';
import { makeApp } from '../../factories/make-app';
import { makeRecordingPermissions } from '../../factories/permissions';
import { type TestCollectionExtras, withTestExtras } from '../../factories/test-collection';

/**
 * Every write is checked by reading the data source directly afterwards, with no scope: reading
 * back through the scoped app would hide exactly the records a missing scope would have changed.
 */
async function makeScopedApp(scopes: Record<string, ConditionTree>, race?: ConcurrentWrite) {
  const dataSource = withTestExtras(makeLibraryDataSource(), {
    collections: race && { [race.collection]: { list: writeAfterFirstList(race, () => dataSource) } },
  });
  const { app, authorization } = await makeApp({ dataSource, permissions: makeRecordingPermissions(scopes) });

  return { app, authorization, dataSource };
}

/** A write by someone else, landing right after the route's first read of `collection`. */
interface ConcurrentWrite {
  readonly collection: string;
  readonly id: number;
  readonly patch: RecordData;
}

function writeAfterFirstList(race: ConcurrentWrite, getDataSource: () => DataSource): TestCollectionExtras['list'] {
  let hasWritten = false;

  return async (next, caller, filter, projection) => {
    const records = await next(caller, filter, projection);
    if (!hasWritten) {
      hasWritten = true;
      const conditionTree = new ConditionTreeLeaf('id', 'Equal', race.id);
      await getDataSource().getCollection(race.collection).update(caller, new Filter({ conditionTree }), race.patch);
    }

    return records;
  };
}

/** The records of `collection` as stored, with no scope. */
function readUnscoped(dataSource: DataSource, collection: string, ...fields: string[]): Promise<RecordData[]> {
  return dataSource.getCollection(collection).list(makeCaller(), new PaginatedFilter({}), new Projection(...fields));
}

/** The ids of the books `filter` matches, with no scope added. */
async function booksMatching(dataSource: DataSource, filter: Filter | undefined): Promise<unknown[]> {
  const records = await dataSource
    .getCollection('books')
    .list(makeCaller(), new PaginatedFilter({ conditionTree: filter?.conditionTree }), new Projection('id'));

  return records.map((record) => record.id);
}

const byAuthor1 = { books: new ConditionTreeLeaf('authorId', 'Equal', 1) };

describe('scopes on writes and action selections (data read back unscoped)', () => {
  describe('records', () => {
    test('a bulk delete of all records deletes only those in scope', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1);
      expect(await readUnscoped(dataSource, 'books', 'id', 'authorId')).toContainEqual({ id: 2, authorId: 2 });

      const response = await request(app)
        .delete('/platform/books')
        .set('Authorization', authorization)
        .send({ allRecords: true });

      expect(response.status).toBe(204);
      expect(await readUnscoped(dataSource, 'books', 'id')).toEqual([{ id: 2 }]);
    });

    test('a bulk delete of listed ids leaves the listed ids out of scope', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1);

      await request(app)
        .delete('/platform/books')
        .set('Authorization', authorization)
        .send({ ids: ['1', '2'] });

      expect(await readUnscoped(dataSource, 'books', 'id')).toEqual([{ id: 2 }, { id: 3 }]);
    });

    test('an update of a record out of scope answers 404 and changes nothing', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1);
      expect(await readUnscoped(dataSource, 'books', 'id', 'price')).toContainEqual({ id: 2, price: 8 });

      const response = await request(app)
        .put('/platform/books/2')
        .set('Authorization', authorization)
        .send({ data: { price: 1 } });

      expect(response.status).toBe(404);
      expect(await readUnscoped(dataSource, 'books', 'id', 'price')).toEqual([
        { id: 1, price: 10 },
        { id: 2, price: 8 },
        { id: 3, price: 12 },
      ]);
    });

    test('a delete of a record out of scope answers 404 and deletes nothing', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1);

      const response = await request(app).delete('/platform/books/2').set('Authorization', authorization);

      expect(response.status).toBe(404);
      expect(await readUnscoped(dataSource, 'books', 'id')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    });
  });

  describe('a record that leaves the scope between its check and its write', () => {
    const leavesScope: ConcurrentWrite = { collection: 'books', id: 1, patch: { authorId: 2 } };

    test('is not updated', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1, leavesScope);

      await request(app)
        .put('/platform/books/1')
        .set('Authorization', authorization)
        .send({ data: { price: 1 } });

      expect(await readUnscoped(dataSource, 'books', 'id', 'authorId', 'price')).toContainEqual({
        id: 1,
        authorId: 2,
        price: 10,
      });
    });

    test('is not deleted', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1, leavesScope);

      await request(app).delete('/platform/books/1').set('Authorization', authorization);

      expect(await readUnscoped(dataSource, 'books', 'id', 'authorId')).toContainEqual({ id: 1, authorId: 2 });
    });

    test('is not deleted by a ManyToMany dissociation with ?delete=true', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(
        { tags: new ConditionTreeLeaf('label', 'NotEqual', 'classic') },
        { collection: 'tags', id: 1, patch: { label: 'classic' } },
      );

      await request(app)
        .delete('/platform/books/1/relationships/tags?delete=true')
        .set('Authorization', authorization)
        .send({ ids: ['1'] });

      expect(await readUnscoped(dataSource, 'tags', 'id', 'label')).toContainEqual({ id: 1, label: 'classic' });
    });
  });

  describe('associate', () => {
    test('refuses to link a OneToMany record out of scope, which keeps its parent', async () => {
      const { app, authorization, dataSource } = await makeScopedApp({
        reviews: new ConditionTreeLeaf('rating', 'GreaterThan', 3),
      });
      expect(await readUnscoped(dataSource, 'reviews', 'id', 'rating', 'bookId')).toContainEqual({
        id: 3,
        rating: 3,
        bookId: 2,
      });

      const response = await request(app)
        .post('/platform/books/1/relationships/reviews')
        .set('Authorization', authorization)
        .send({ ids: ['3'] });

      expect(response.status).toBe(404);
      expect(await readUnscoped(dataSource, 'reviews', 'id', 'bookId')).toEqual([
        { id: 1, bookId: 1 },
        { id: 2, bookId: 1 },
        { id: 3, bookId: 2 },
      ]);
    });

    test('refuses to link a ManyToMany record out of scope: no through record is created', async () => {
      const { app, authorization, dataSource } = await makeScopedApp({
        tags: new ConditionTreeLeaf('label', 'NotEqual', 'utopia'),
      });
      const linksBefore = await readUnscoped(dataSource, 'bookTags', 'bookId', 'tagId');

      const response = await request(app)
        .post('/platform/books/3/relationships/tags')
        .set('Authorization', authorization)
        .send({ ids: ['1', '3'] });

      expect(response.status).toBe(404);
      expect(await readUnscoped(dataSource, 'bookTags', 'bookId', 'tagId')).toEqual(linksBefore);
    });
  });

  describe('dissociate', () => {
    const highRatings = { reviews: new ConditionTreeLeaf('rating', 'GreaterThan', 4) };

    test('unlinks only the OneToMany records in scope', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(highRatings);
      expect(await readUnscoped(dataSource, 'reviews', 'id', 'rating', 'bookId')).toContainEqual({
        id: 2,
        rating: 4,
        bookId: 1,
      });

      const response = await request(app)
        .delete('/platform/books/1/relationships/reviews')
        .set('Authorization', authorization)
        .send({ allRecords: true });

      expect(response.status).toBe(204);
      expect(await readUnscoped(dataSource, 'reviews', 'id', 'bookId')).toEqual([
        { id: 1, bookId: null },
        { id: 2, bookId: 1 },
        { id: 3, bookId: 2 },
      ]);
    });

    test('deletes only the OneToMany records in scope with ?delete=true', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(highRatings);

      await request(app)
        .delete('/platform/books/1/relationships/reviews?delete=true')
        .set('Authorization', authorization)
        .send({ allRecords: true });

      expect(await readUnscoped(dataSource, 'reviews', 'id')).toEqual([{ id: 2 }, { id: 3 }]);
    });

    const noClassics = { tags: new ConditionTreeLeaf('label', 'NotEqual', 'classic') };

    test('unlinks only the ManyToMany records in scope', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(noClassics);
      expect(await readUnscoped(dataSource, 'bookTags', 'bookId', 'tagId')).toContainEqual({ bookId: 1, tagId: 2 });

      await request(app)
        .delete('/platform/books/1/relationships/tags')
        .set('Authorization', authorization)
        .send({ allRecords: true });

      expect(await readUnscoped(dataSource, 'bookTags', 'bookId', 'tagId')).toEqual([
        { bookId: 1, tagId: 2 },
        { bookId: 2, tagId: 3 },
      ]);
    });

    test('deletes only the ManyToMany records in scope, and their links, with ?delete=true', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(noClassics);

      await request(app)
        .delete('/platform/books/1/relationships/tags?delete=true')
        .set('Authorization', authorization)
        .send({ allRecords: true });

      expect(await readUnscoped(dataSource, 'tags', 'id')).toEqual([{ id: 2 }, { id: 3 }]);
      expect(await readUnscoped(dataSource, 'bookTags', 'bookId', 'tagId')).toEqual([
        { bookId: 1, tagId: 2 },
        { bookId: 2, tagId: 3 },
      ]);
    });
  });

  describe('to-one relations', () => {
    test('moving a OneToOne relation leaves the previous record linked when it is out of scope', async () => {
      const { app, authorization, dataSource } = await makeScopedApp({
        covers: new ConditionTreeLeaf('url', 'NotEqual', 'https://covers.example/dune.png'),
      });
      expect(await readUnscoped(dataSource, 'covers', 'id', 'bookId')).toContainEqual({ id: 1, bookId: 1 });

      await request(app)
        .put('/platform/books/1/relationships/cover')
        .set('Authorization', authorization)
        .send({ id: '2' });

      expect(await readUnscoped(dataSource, 'covers', 'id', 'bookId')).toEqual([
        { id: 1, bookId: 1 },
        { id: 2, bookId: 1 },
      ]);
    });

    test('a ManyToOne relation is not changed on a record that left the scope before the write', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1, {
        collection: 'books',
        id: 1,
        patch: { authorId: null },
      });

      await request(app)
        .put('/platform/books/1/relationships/author')
        .set('Authorization', authorization)
        .send({ id: '2' });

      expect(await readUnscoped(dataSource, 'books', 'id', 'authorId')).toContainEqual({ id: 1, authorId: null });
    });

    test('a OneToOne relation is not pointed at a record that left the scope before the write', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(
        { covers: new ConditionTreeLeaf('url', 'NotEqual', 'moved') },
        { collection: 'covers', id: 2, patch: { url: 'moved' } },
      );

      await request(app)
        .put('/platform/books/1/relationships/cover')
        .set('Authorization', authorization)
        .send({ id: '2' });

      expect(await readUnscoped(dataSource, 'covers', 'id', 'url', 'bookId')).toContainEqual({
        id: 2,
        url: 'moved',
        bookId: null,
      });
    });
  });

  describe('a parent record out of scope', () => {
    test('takes no new related record', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1);

      const response = await request(app)
        .post('/platform/books/2/relationships/reviews')
        .set('Authorization', authorization)
        .send({ ids: ['1'] });

      expect(response.status).toBe(404);
      expect(await readUnscoped(dataSource, 'reviews', 'id', 'bookId')).toContainEqual({ id: 1, bookId: 1 });
    });

    test('keeps its related records', async () => {
      const { app, authorization, dataSource } = await makeScopedApp(byAuthor1);
      expect(await readUnscoped(dataSource, 'reviews', 'id', 'bookId')).toContainEqual({ id: 3, bookId: 2 });

      const response = await request(app)
        .delete('/platform/books/2/relationships/reviews')
        .set('Authorization', authorization)
        .send({ allRecords: true });

      expect(response.status).toBe(404);
      expect(await readUnscoped(dataSource, 'reviews', 'id', 'bookId')).toContainEqual({ id: 3, bookId: 2 });
    });
  });

  describe('action selections', () => {
    async function runBulkAction(body: object) {
      const { dataSource, probe } = makeActionDataSource();
      const { app, authorization } = await makeApp({ dataSource, permissions: makeRecordingPermissions(byAuthor1) });
      expect(await booksMatching(dataSource, undefined)).toEqual([1, 2, 3]);

      const response = await request(app)
        .post('/platform/_actions/books/2/call-webhook')
        .set('Authorization', authorization)
        .send({ values: {}, ...body });

      expect(response.status).toBe(200);
      return booksMatching(dataSource, probe.executions[0]?.filter);
    }

    test('a bulk action on all records receives only the records in scope', async () => {
      expect(await runBulkAction({ allRecords: true })).toEqual([1, 3]);
    });

    test('a bulk action on listed ids receives only the listed records in scope', async () => {
      expect(await runBulkAction({ ids: ['1', '2'] })).toEqual([1]);
    });

    test('a form hook receives only the records in scope', async () => {
      const { dataSource, probe } = makeActionDataSource();
      const { app, authorization } = await makeApp({ dataSource, permissions: makeRecordingPermissions(byAuthor1) });

      await request(app)
        .post('/platform/_actions/books/1/fail-please/hooks/load')
        .set('Authorization', authorization)
        .send({ allRecords: true });

      expect(await booksMatching(dataSource, probe.forms[0]?.filter)).toEqual([1, 3]);
    });
  });
});

import { createInMemoryDataSource, type DataSource, type RecordData } from '@platform/datasource-toolkit';
import { silentLogger } from '@platform/tooling/test-helpers';
import request from 'supertest';
import { type CollectionCustomizer, DataSourceCustomizer } from '../../../../src';
import { makeApp } from '../../../factories/make-app';

const pk = { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true } as const;

/**
 * Books and tags with no relation between them in the data source: only `bookTags` rows
 * (composite primary key) link them. The relations are added by the customizer.
 */
function makeShelf(): DataSource {
  return createInMemoryDataSource(
    {
      books: { fields: { id: pk, title: { type: 'Column', columnType: 'String' } } },
      tags: { fields: { id: pk, label: { type: 'Column', columnType: 'String' } } },
      bookTags: {
        fields: {
          bookId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          tagId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        },
      },
    },
    {
      books: [
        { id: 1, title: 'Dune' },
        { id: 2, title: 'Emma' },
        { id: 3, title: 'Solaris' },
      ],
      tags: [
        { id: 1, label: 'sci-fi' },
        { id: 2, label: 'classic' },
        { id: 3, label: 'romance' },
      ],
      bookTags: [
        { bookId: 1, tagId: 1 },
        { bookId: 1, tagId: 2 },
        { bookId: 2, tagId: 2 },
        { bookId: 2, tagId: 3 },
      ],
    },
  );
}

/** The agent's routes over the shelf, with `books.tags` and `tags.books` added by the customizer. */
async function serveShelf(customize: (customizer: DataSourceCustomizer) => DataSourceCustomizer = (c) => c) {
  const customizer = new DataSourceCustomizer()
    .addDataSource(async () => makeShelf())
    .customizeCollection('books', (books: CollectionCustomizer) =>
      books.addManyToManyRelation('tags', 'tags', 'bookTags', { originKey: 'bookId', foreignKey: 'tagId' }),
    )
    .customizeCollection('tags', (tags: CollectionCustomizer) =>
      tags.addManyToManyRelation('books', 'books', 'bookTags', { originKey: 'tagId', foreignKey: 'bookId' }),
    );
  const dataSource = await customize(customizer).getDataSource(silentLogger);
  const { app, authorization } = await makeApp({ dataSource });
  const agent = request(app);

  return {
    get: (path: string) => agent.get(`/platform${path}`).set('Authorization', authorization),
    post: (path: string, body: object) => agent.post(`/platform${path}`).set('Authorization', authorization).send(body),
    delete: (path: string, body: object) =>
      agent.delete(`/platform${path}`).set('Authorization', authorization).send(body),
  };
}

const labels = (body: { data: RecordData[] }) => body.data.map((tag) => tag.label);

describe('many-to-many relations added by the customizer', () => {
  describe('reads', () => {
    test('lists the records linked through the through collection', async () => {
      const shelf = await serveShelf();

      const response = await shelf.get('/books/1/relationships/tags');

      expect(response.status).toBe(200);
      expect(labels(response.body)).toEqual(['sci-fi', 'classic']);
    });

    test('lists them from the other side with the inverse relation', async () => {
      const shelf = await serveShelf();

      const response = await shelf.get('/tags/2/relationships/books?fields[books]=title');

      expect(response.body.data).toEqual([
        { id: 1, title: 'Dune' },
        { id: 2, title: 'Emma' },
      ]);
    });

    test('filters and sorts the related records with the foreign query parameters', async () => {
      const shelf = await serveShelf();
      const filters = JSON.stringify({ field: 'label', operator: 'NotEqual', value: 'romance' });

      const sorted = await shelf.get('/books/2/relationships/tags?sort=-label');
      const filtered = await shelf.get(`/books/2/relationships/tags?filters=${filters}`);

      expect(labels(sorted.body)).toEqual(['romance', 'classic']);
      expect(labels(filtered.body)).toEqual(['classic']);
    });

    test('counts the linked records', async () => {
      const shelf = await serveShelf();

      const linked = await shelf.get('/books/1/relationships/tags/count');
      const none = await shelf.get('/books/3/relationships/tags/count');

      expect(linked.body).toEqual({ meta: { count: 2 } });
      expect(none.body).toEqual({ meta: { count: 0 } });
    });

    test('still reads through a through collection removed from the schema', async () => {
      const shelf = await serveShelf((customizer) => customizer.removeCollection('bookTags'));

      const removed = await shelf.get('/bookTags');
      const response = await shelf.get('/books/1/relationships/tags');

      expect(removed.status).toBe(404);
      expect(labels(response.body)).toEqual(['sci-fi', 'classic']);
    });

    test('still reads when a key of the through collection is renamed', async () => {
      const shelf = await serveShelf((customizer) =>
        customizer.customizeCollection('bookTags', (links) => links.renameField('tagId', 'tag')),
      );

      const response = await shelf.get('/books/1/relationships/tags');

      expect(response.status).toBe(200);
      expect(labels(response.body)).toEqual(['sci-fi', 'classic']);
    });

    test('refuses to project a field through the to-many relation, naming it', async () => {
      const shelf = await serveShelf();

      const response = await shelf.get('/books?fields[books]=title,tags');

      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({
        name: 'ValidationError',
        detail: expect.stringContaining("'books.tags'"),
      });
    });
  });

  describe('writes', () => {
    test('associates records by creating links in the through collection', async () => {
      const shelf = await serveShelf();
      const before = await shelf.get('/books/3/relationships/tags/count');

      const response = await shelf.post('/books/3/relationships/tags', { ids: ['1', '3'] });
      const after = await shelf.get('/books/3/relationships/tags');
      const links = await shelf.get(
        `/bookTags?filters=${JSON.stringify({ field: 'bookId', operator: 'Equal', value: 3 })}`,
      );

      expect(before.body).toEqual({ meta: { count: 0 } });
      expect(response.status).toBe(204);
      expect(labels(after.body)).toEqual(['sci-fi', 'romance']);
      expect(links.body.data).toEqual([
        { bookId: 3, tagId: 1 },
        { bookId: 3, tagId: 3 },
      ]);
    });

    test('dissociates records by deleting their links only', async () => {
      const shelf = await serveShelf();
      const before = await shelf.get('/books/1/relationships/tags');

      const response = await shelf.delete('/books/1/relationships/tags', { ids: ['1'] });
      const after = await shelf.get('/books/1/relationships/tags');
      const tags = await shelf.get('/tags');

      expect(labels(before.body)).toEqual(['sci-fi', 'classic']);
      expect(response.status).toBe(204);
      expect(labels(after.body)).toEqual(['classic']);
      expect(labels(tags.body)).toEqual(['sci-fi', 'classic', 'romance']);
    });

    test('deletes the linked records and their links with ?delete=true', async () => {
      const shelf = await serveShelf();

      await shelf.delete('/books/2/relationships/tags?delete=true', { ids: ['3'] });
      const tags = await shelf.get('/tags');
      const links = await shelf.get('/bookTags');

      expect(labels(tags.body)).toEqual(['sci-fi', 'classic']);
      expect(links.body.data).toEqual([
        { bookId: 1, tagId: 1 },
        { bookId: 1, tagId: 2 },
        { bookId: 2, tagId: 2 },
      ]);
    });

    test('refuses to associate a record that does not exist, creating no link', async () => {
      const shelf = await serveShelf();

      const response = await shelf.post('/books/3/relationships/tags', { ids: ['1', '99'] });
      const links = await shelf.get('/bookTags');

      expect(response.status).toBe(404);
      expect(links.body.data).toHaveLength(4);
    });
  });
});

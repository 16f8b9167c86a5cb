import { type AgentTestClient, createAgentTestClient } from '../../src';
import { type LibraryAgent, startLibraryAgent } from '../factories/start-library-agent';

describe('createAgentTestClient: records', () => {
  let library: LibraryAgent;
  let client: AgentTestClient;

  beforeEach(async () => {
    library = await startLibraryAgent();
    client = await createAgentTestClient(library.clientOptions);
  });
  afterEach(() => library.close());

  test('lists records with filters, sort, fields and pagination', async () => {
    const books = await client.collection('books').list({
      filters: { field: 'author:name', operator: 'Equal', value: 'Frank Herbert' },
      sort: { field: 'title', ascending: false },
      fields: ['id', 'title'],
      pagination: { number: 2, size: 1 },
    });

    expect(books).toEqual([{ id: 3, title: 'Children of Dune' }]);
  });

  test('lists the records a search matches', async () => {
    const books = await client.collection('books').list({ search: 'Dispossessed', fields: ['title'] });

    expect(books.map((book) => book.title)).toEqual(['The Dispossessed']);
  });

  test('counts the records a filter matches', async () => {
    const count = await client.collection('books').count({
      filters: {
        aggregator: 'Or',
        conditions: [
          { field: 'id', operator: 'Equal', value: 1 },
          { field: 'id', operator: 'Equal', value: 2 },
        ],
      },
    });

    expect(count).toBe(2);
  });

  test('reads one record by id', async () => {
    const book = await client.collection('books').getOne(2);

    expect(book).toMatchObject({ id: 2, title: 'The Dispossessed', author: { id: 2 } });
  });

  test('creates a record and reads it back', async () => {
    const created = await client.collection('books').create({ title: 'Dune Messiah', price: 9, authorId: 1 });

    expect(created).toMatchObject({ title: 'Dune Messiah', status: 'draft' });
    expect(await client.collection('books').getOne(String(created.id))).toMatchObject({ title: 'Dune Messiah' });
  });

  test('updates a record', async () => {
    const updated = await client.collection('books').update(3, { status: 'live' });

    expect(updated).toMatchObject({ id: 3, status: 'live' });
    expect(await client.collection('books').getOne(3)).toMatchObject({ status: 'live' });
  });

  test('deletes one record, then several', async () => {
    expect(await client.collection('reviews').count()).toBe(3);

    await client.collection('reviews').delete(1);
    expect(await client.collection('reviews').count()).toBe(2);
    await client.collection('reviews').delete([2, 3]);

    expect(await client.collection('reviews').count()).toBe(0);
  });

  test('exports the projection as CSV', async () => {
    const csv = await client.collection('books').exportCsv({ fields: ['id', 'title'], sort: { field: 'id' } });

    expect(csv).toBe('id,title\n1,Dune\n2,The Dispossessed\n3,Children of Dune\n');
  });

  test('lists and counts within a segment', async () => {
    const expensive = client.collection('books').segment('Expensive');

    expect((await expensive.list({ fields: ['title'] })).map((book) => book.title).sort()).toEqual([
      'Children of Dune',
      'Dune',
    ]);
    expect(await expensive.count()).toBe(2);
  });

  test("answers 'deactivated' for a collection that is not countable", async () => {
    expect(await client.collection('events').list()).toHaveLength(1);

    expect(await client.collection('events').count()).toBe('deactivated');
  });
});

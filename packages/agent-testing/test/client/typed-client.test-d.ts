// Compile-time checks of createAgentTestClient<Schema>, run by the package's typecheck (tsc): each
// `@ts-expect-error` line must fail to compile, or tsc reports the directive as unused.
import { type AgentTestClient, createAgentTestClient } from '../../src';
import type { Schema } from '../factories/generated/library-typings';

export async function typedClientChecks(client: AgentTestClient<Schema>): Promise<void> {
  const books = client.collection('books');
  // @ts-expect-error: no collection 'novels' in the typings
  client.collection('novels');

  await books.list({ fields: ['title', 'author:name'], sort: { field: 'price', ascending: false } });
  // @ts-expect-error: 'pages' is not a field of books
  await books.list({ fields: ['pages'] });
  // @ts-expect-error: 'author:nmae' is not a relation path of books
  await books.list({ filters: { field: 'author:nmae', operator: 'Equal', value: 'x' } });
  await books.count({
    filters: { aggregator: 'And', conditions: [{ field: 'status', operator: 'Equal', value: 'live' }] },
  });

  const [book] = await books.list();
  const title: string | undefined = book?.title;
  // @ts-expect-error: records are typed: a title is a string
  const price: string | null | undefined = book?.price;

  await books.create({ title: 'Dune Messiah', status: 'draft' });
  // @ts-expect-error: 'published' is not a status of books
  await books.update(1, { status: 'published' });

  // Relations take the foreign collection's fields.
  await books.relation('reviews', 1).list({ fields: ['rating'] });
  // @ts-expect-error: 'title' is a field of books, not of reviews
  await books.relation('reviews', 1).list({ fields: ['title'] });
  // @ts-expect-error: no relation 'editors' on books
  books.relation('editors', 1);

  await client.overridePermissions({ collections: { books: { browse: false } } });
  // @ts-expect-error: no collection 'novels' to override
  await client.overridePermissions({ collections: { novels: { browse: false } } });

  void title;
  void price;
}

export async function untypedClientChecks(): Promise<void> {
  // Without <Schema>, every name is a plain string.
  const client = await createAgentTestClient({
    agentPlatformEnvSecret: 'e',
    agentPlatformAuthSecret: 'a',
    agentUrl: 'http://127.0.0.1:3351',
    serverUrl: 'http://127.0.0.1:3400',
    agentSchemaPath: '.platform-schema.json',
  });
  await client.collection('anything').list({ fields: ['any:path'] });
}

import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqlDataSource } from '@platform/datasource-sql';
import { silentLogger } from '@platform/tooling/test-helpers';
import { createPostgresDatabase } from '@platform/tooling/test-services';
import Database from 'better-sqlite3';
import express from 'express';
import Papa from 'papaparse';
import { Client } from 'pg';
import request from 'supertest';
import {
  type Agent,
  Aggregation,
  ConditionTreeLeaf,
  createAgent,
  createAgentRouter,
  type DataSource,
  Filter,
  PaginatedFilter,
  Projection,
  Sort,
} from '../../src';
import { AUTH_SECRET, makeClaims, signToken } from '../factories/tokens';
import {
  AUTHOR_COUNT,
  BIG_ROW_COUNT,
  BOOK_COUNT,
  type E2eKind,
  libraryDdl,
  librarySeed,
  STATUSES,
} from './library-schema';

const ENV_SECRET = 'e2e0'.repeat(16);
const BODY_LIMIT = '64kb';

/** A database of `kind`, created and seeded for one test file. */
async function openDatabase(kind: E2eKind): Promise<{ uri: string; drop: () => Promise<void> }> {
  const statements = [...libraryDdl(kind), ...librarySeed(kind)];
  if (kind === 'postgres') {
    const database = await createPostgresDatabase('agent_e2e');
    const client = new Client({ connectionString: database.uri });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
    return { uri: database.uri, drop: () => database.drop() };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'agent-e2e-sqlite-'));
  const file = path.join(dir, 'library.db');
  const db = new Database(file);
  try {
    for (const statement of statements) db.exec(statement);
  } finally {
    db.close();
  }
  return { uri: `sqlite:${file}`, drop: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Counts rows with plain SQL, around the agent: what a write did is read here, not through the
 * routes that wrote it (which would hide the rows a wrong filter or a missing scope touched).
 */
async function openRowCounter(
  kind: E2eKind,
  uri: string,
): Promise<{
  count: (sql: string) => Promise<number>;
  close: () => Promise<void>;
}> {
  if (kind === 'postgres') {
    const client = new Client({ connectionString: uri });
    await client.connect();
    return {
      count: async (sql) => Number((await client.query<{ count: string }>(sql)).rows[0]?.count),
      close: () => client.end(),
    };
  }

  const db = new Database(uri.slice('sqlite:'.length), { readonly: true });
  return {
    count: async (sql) => Number((db.prepare(sql).get() as { count: number } | undefined)?.count),
    close: async () => {
      db.close();
    },
  };
}

/** A promise the test resolves itself: the computed field `slowTitle` waits on it when armed. */
class Gate {
  private armed: { entered: () => void; released: Promise<void> } | undefined;

  arm(): { entered: Promise<void>; release: () => void } {
    let entered!: () => void;
    let release!: () => void;
    const enteredPromise = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.armed = { entered, released };
    return {
      entered: enteredPromise,
      release: () => {
        this.armed = undefined;
        release();
      },
    };
  }

  async pass(): Promise<void> {
    if (!this.armed) return;
    this.armed.entered();
    await this.armed.released;
  }
}

/** The agent over the library, with one customization of each kind. */
function makeAgent(uri: string, schemaPath: string, gate: Gate): Agent {
  return createAgent({
    authSecret: AUTH_SECRET,
    envSecret: ENV_SECRET,
    isProduction: false,
    offline: true,
    schemaPath,
    logger: silentLogger,
    bodyLimit: BODY_LIMIT,
  })
    .addDataSource(createSqlDataSource(uri))
    .addChart('authorCount', async (context, resultBuilder) => {
      const [row] = await context.dataSource
        .getCollection('authors')
        .aggregate(context.caller, new Filter(), new Aggregation({ operation: 'Count' }));
      return resultBuilder.value(Number(row?.value ?? 0));
    })
    .customizeCollection('authors', (authors) =>
      authors
        .addField('fullName', {
          columnType: 'String',
          dependencies: ['first_name', 'last_name'],
          getValues: (records) => records.map((record) => `${record.first_name} ${record.last_name}`),
        })
        .removeField('secret_notes')
        .addOneToManyRelation('awards', 'awards', { originKey: 'author_id' }),
    )
    .customizeCollection('awards', (awards) =>
      awards.addManyToOneRelation('winner', 'authors', { foreignKey: 'author_id' }),
    )
    .customizeCollection('books', (books) =>
      books
        // A computed field over a relation.
        .addField('authorFullName', {
          columnType: 'String',
          dependencies: ['author:first_name', 'author:last_name'],
          getValues: (records) =>
            records.map((record) => {
              const author = record.author as { first_name: string; last_name: string } | null;
              return author ? `${author.first_name} ${author.last_name}` : null;
            }),
        })
        // A computed field whose values wait for the test when it arms the gate (restart test).
        .addField('slowTitle', {
          columnType: 'String',
          dependencies: ['title'],
          getValues: async (records) => {
            await gate.pass();
            return records.map((record) => String(record.title).toUpperCase());
          },
        })
        .addSegment('Published', { field: 'status', operator: 'Equal', value: 'published' })
        .addHook('Before', 'Create', (context) => {
          if (!('data' in context)) return; // addHook does not narrow the context by position and type
          for (const record of context.data) {
            if (typeof record.price === 'number' && record.price < 0) {
              context.throwValidationError('The price of a book cannot be negative.');
            }
            if (String(record.title).toLowerCase().includes('forbidden')) {
              context.throwError('Forbidden books cannot be created.');
            }
          }
        })
        .addAction('Make card', {
          scope: 'Single',
          form: [
            {
              label: 'Format',
              type: 'Enum',
              enumValues: ['message', 'file'],
              defaultValue: 'message',
              isRequired: true,
            },
            {
              label: 'Heading',
              type: 'String',
              defaultValue: async (context) => String(await context.getField('title')),
            },
            { label: 'Filename', type: 'String', if: (context) => context.formValues.Format === 'file' },
            {
              label: 'Tag',
              type: 'String',
              widget: 'Dropdown',
              search: 'dynamic',
              options: async (context, searchValue) => {
                const tags = await context.dataSource.getCollection('tags').list(
                  context.caller,
                  new PaginatedFilter({
                    conditionTree: new ConditionTreeLeaf('name', 'StartsWith', searchValue ?? ''),
                    sort: new Sort({ field: 'name', ascending: true }),
                  }),
                  new Projection('name'),
                );
                return tags.map((tag) => ({ label: String(tag.name), value: String(tag.name) }));
              },
            },
          ],
          execute: async (context, resultBuilder) => {
            const heading = String(context.formValues.Heading);
            if (context.formValues.Format === 'file') {
              return resultBuilder.file(
                `Card: ${heading}\n`,
                String(context.formValues.Filename ?? 'card.txt'),
                'text/plain',
              );
            }
            return resultBuilder.success(`Card of ${heading}`);
          },
        })
        .addChart('averageRating', async (context, resultBuilder) => {
          const [row] = await context.dataSource
            .getCollection('reviews')
            .aggregate(
              context.caller,
              new Filter({ conditionTree: new ConditionTreeLeaf('book_id', 'Equal', Number(context.recordId)) }),
              new Aggregation({ operation: 'Avg', field: 'rating' }),
            );
          return resultBuilder.value(Number(row?.value ?? 0));
        })
        .renameField('price', 'priceCents'),
    );
}

interface ErrorBody {
  errors: Array<{ name: string; detail: string; status: number }>;
}

/** Status and error name of a response, to compare in one assertion. */
function failure(response: request.Response): { status: number; name: string | undefined } {
  return { status: response.status, name: (response.body as ErrorBody).errors?.[0]?.name };
}

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/**
 * The end-to-end suite: a real agent (`createAgent`, `createSqlDataSource`, customizations of each
 * kind) mounted on Express and listening on a real socket, over a database of `kind`.
 */
export function runAgentE2e(kind: E2eKind): void {
  let database: { uri: string; drop: () => Promise<void> };
  let workDir: string;
  let agent: Agent;
  let server: http.Server;
  let authorization: string;
  let directSql: Awaited<ReturnType<typeof openRowCounter>>;
  const gate = new Gate();

  beforeAll(async () => {
    database = await openDatabase(kind);
    workDir = await mkdtemp(path.join(tmpdir(), 'agent-e2e-'));
    const app = express();
    agent = makeAgent(database.uri, path.join(workDir, '.platform-schema.json'), gate);
    agent.mountOnExpress(app);
    await agent.start();
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    authorization = `Bearer ${await signToken()}`;
    directSql = await openRowCounter(kind, database.uri);
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await agent?.stop();
    await directSql?.close();
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const api = {
    get: (url: string) => request(server).get(`/platform${url}`).set('Authorization', authorization),
    post: (url: string, body?: unknown) =>
      request(server)
        .post(`/platform${url}`)
        .set('Authorization', authorization)
        .send(body as object),
    put: (url: string, body?: unknown) =>
      request(server)
        .put(`/platform${url}`)
        .set('Authorization', authorization)
        .send(body as object),
    delete: (url: string, body?: unknown) =>
      request(server)
        .delete(`/platform${url}`)
        .set('Authorization', authorization)
        .send(body as object),
  };

  /** Creates a draft book through the API and returns its id. */
  async function createBook(title: string, extra: Record<string, unknown> = {}): Promise<number> {
    const response = await api.post('/books', { data: { title, status: 'draft', priceCents: 100, ...extra } });
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
    return (response.body as { data: { id: number } }).data.id;
  }

  describe('healthcheck and authentication', () => {
    test('answers the healthcheck without a token', async () => {
      const response = await request(server).get('/platform/');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
    });

    test('refuses a request without a token with 401', async () => {
      const response = await request(server).get('/platform/books');

      expect(failure(response)).toEqual({ status: 401, name: 'MissingTokenError' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });

    test('refuses a token signed with another secret with 401', async () => {
      const token = await signToken({ secret: 'another-secret-of-at-least-32-characters!!' });

      const response = await request(server).get('/platform/books').set('Authorization', `Bearer ${token}`);

      expect(failure(response)).toEqual({ status: 401, name: 'InvalidTokenError' });
    });

    test('refuses an expired token with 401', async () => {
      const token = await signToken({ expiresAt: Math.floor(Date.now() / 1000) - 60 });

      const response = await request(server).get('/platform/books').set('Authorization', `Bearer ${token}`);

      expect(failure(response)).toEqual({ status: 401, name: 'TokenExpiredError' });
    });

    test('refuses a token without the user claims with 401', async () => {
      const token = await signToken({ claims: { id: 7 } });

      const response = await request(server).get('/platform/books').set('Authorization', `Bearer ${token}`);

      expect(failure(response)).toEqual({ status: 401, name: 'InvalidTokenError' });
    });

    test('accepts a token with a time zone claim', async () => {
      const token = await signToken({ claims: makeClaims({ timezone: 'Europe/Paris' }) });

      const response = await request(server).get('/platform/tags').set('Authorization', `Bearer ${token}`);

      expect(response.status).toBe(200);
    });
  });

  describe('GET /:collection (list)', () => {
    test('lists a page with a renamed field and a computed field over a relation', async () => {
      const response = await api.get('/books?fields[books]=id,title,priceCents,authorFullName&page[size]=3');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: [
          { id: 1, title: 'Book 001', priceCents: 100, authorFullName: 'First2 Last2' },
          { id: 2, title: 'Book 002', priceCents: 200, authorFullName: 'First3 Last3' },
          { id: 3, title: 'Book 003', priceCents: 300, authorFullName: 'First4 Last4' },
        ],
        meta: { page: { number: 1, size: 3 } },
      });
    });

    test('nests the fields of a to-one relation', async () => {
      const response = await api.get('/books?fields[books]=id,author&fields[author]=last_name&page[size]=1');

      expect(response.body.data).toEqual([{ id: 1, author: { id: 2, last_name: 'Last2' } }]);
    });

    test('filters on a relation path and sorts descending', async () => {
      const filters = json({ field: 'author:last_name', operator: 'Equal', value: 'Last3' });

      const response = await api.get(`/books?fields[books]=id&filters=${filters}&sort=-id`);

      expect(response.body.data.map((book: { id: number }) => book.id)).toEqual([52, 42, 32, 22, 12, 2]);
    });

    test('serves the second page', async () => {
      const response = await api.get('/books?fields[books]=id&page[number]=2&page[size]=5');

      expect(response.body.data.map((book: { id: number }) => book.id)).toEqual([6, 7, 8, 9, 10]);
      expect(response.body.meta).toEqual({ page: { number: 2, size: 5 } });
    });

    test('lists the records of a segment', async () => {
      const response = await api.get('/books?fields[books]=id,status&segment=Published&page[size]=3');

      expect(response.body.data).toEqual([
        { id: 1, status: 'published' },
        { id: 4, status: 'published' },
        { id: 7, status: 'published' },
      ]);
    });

    test('searches the collection', async () => {
      const response = await api.get('/books?fields[books]=id,title&search=Book%20042');

      expect(response.body.data).toEqual([{ id: 42, title: 'Book 042' }]);
    });

    test('filters on a renamed field by its new name', async () => {
      const filters = json({ field: 'priceCents', operator: 'GreaterThan', value: 5800 });

      const response = await api.get(`/books?fields[books]=id,priceCents&filters=${filters}`);

      expect(response.body.data).toEqual([
        { id: 59, priceCents: 5900 },
        { id: 60, priceCents: 6000 },
      ]);
    });

    test('does not publish a removed field', async () => {
      const response = await api.get('/authors?page[size]=1');

      expect(response.body.data[0]).toMatchObject({ id: 1, first_name: 'First1', fullName: 'First1 Last1' });
      expect(response.body.data[0]).not.toHaveProperty('secret_notes');
    });

    test('lists a collection with a composite primary key', async () => {
      const response = await api.get('/editions?fields[editions]=book_id,edition_number,format&page[size]=3');

      expect(response.body.data).toEqual([
        { book_id: 1, edition_number: 1, format: 'hardcover' },
        { book_id: 1, edition_number: 2, format: 'paperback' },
        { book_id: 2, edition_number: 1, format: 'hardcover' },
      ]);
    });

    test('refuses filters that are not JSON with 400', async () => {
      expect(failure(await api.get('/books?filters={oops'))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a filter on an unknown field with 400 MissingFieldError', async () => {
      const filters = json({ field: 'nope', operator: 'Equal', value: 1 });

      expect(failure(await api.get(`/books?filters=${filters}`))).toEqual({ status: 400, name: 'MissingFieldError' });
    });

    test('refuses a filter on a removed field with 400 MissingFieldError', async () => {
      const filters = json({ field: 'secret_notes', operator: 'Present' });

      expect(failure(await api.get(`/authors?filters=${filters}`))).toEqual({ status: 400, name: 'MissingFieldError' });
    });

    test('refuses a filter on the name a field had before its renaming with 400 MissingFieldError', async () => {
      const filters = json({ field: 'price', operator: 'Equal', value: 100 });

      expect(failure(await api.get(`/books?filters=${filters}`))).toEqual({ status: 400, name: 'MissingFieldError' });
    });

    test('refuses an operator the field does not allow with 400', async () => {
      const filters = json({ field: 'priceCents', operator: 'Contains', value: '1' });

      expect(failure(await api.get(`/books?filters=${filters}`))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses an unknown operator with 400', async () => {
      const filters = json({ field: 'title', operator: 'Resembles', value: 'Dune' });

      expect(failure(await api.get(`/books?filters=${filters}`))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a value of the wrong type with 400', async () => {
      const filters = json({ field: 'priceCents', operator: 'Equal', value: 'cheap' });

      expect(failure(await api.get(`/books?filters=${filters}`))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses page number 0 with 400', async () => {
      expect(failure(await api.get('/books?page[number]=0'))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a page size over 1000 with 400', async () => {
      expect(failure(await api.get('/books?page[size]=1001'))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a page number that is not a number with 400', async () => {
      expect(failure(await api.get('/books?page[number]=two'))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a sort on an unknown field with 400 MissingFieldError', async () => {
      expect(failure(await api.get('/books?sort=-nope'))).toEqual({ status: 400, name: 'MissingFieldError' });
    });

    test('refuses an unknown segment with 400', async () => {
      expect(failure(await api.get('/books?segment=Bestsellers'))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses an unknown time zone with 400', async () => {
      expect(failure(await api.get('/books?timezone=Mars/Olympus'))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a projection of an unknown field with 400 MissingFieldError', async () => {
      expect(failure(await api.get('/books?fields[books]=id,nope'))).toEqual({
        status: 400,
        name: 'MissingFieldError',
      });
    });

    test('answers 404 for an unknown collection', async () => {
      expect(failure(await api.get('/magazines'))).toEqual({ status: 404, name: 'NotFoundError' });
    });
  });

  describe('GET /:collection/count', () => {
    test('counts the records of a filter', async () => {
      const filters = json({ field: 'author:last_name', operator: 'Equal', value: 'Last3' });

      const response = await api.get(`/books/count?filters=${filters}`);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ meta: { count: 6 } });
    });

    test('counts the records of a segment', async () => {
      const response = await api.get('/books/count?segment=Published');

      expect(response.body).toEqual({ meta: { count: BOOK_COUNT / STATUSES.length } });
    });

    test('counts a collection that was never written to', async () => {
      expect((await api.get('/authors/count')).body).toEqual({ meta: { count: AUTHOR_COUNT } });
    });

    test('refuses a bad filter with 400', async () => {
      const filters = json({ field: 'status', operator: 'Equal' });

      expect(failure(await api.get(`/books/count?filters=${filters}`))).toEqual({
        status: 400,
        name: 'ValidationError',
      });
    });

    test('answers 404 for an unknown collection', async () => {
      expect(failure(await api.get('/magazines/count'))).toEqual({ status: 404, name: 'NotFoundError' });
    });
  });

  describe('GET /:collection.csv', () => {
    test('exports the projection, with relation fields flattened', async () => {
      const filters = json({ field: 'id', operator: 'LessThan', value: 4 });

      const response = await api.get(
        `/books.csv?fields[books]=id,title,priceCents,author&fields[author]=last_name&filters=${filters}`,
      );

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename=books.csv');
      expect(response.text).toBe(
        'id,title,priceCents,author:last_name\n1,Book 001,100,Last2\n2,Book 002,200,Last3\n3,Book 003,300,Last4\n',
      );
    });

    test('exports a computed field over a relation, in the requested order', async () => {
      const filters = json({ field: 'id', operator: 'In', value: [5, 6] });

      const response = await api.get(`/books.csv?fields[books]=title,authorFullName&filters=${filters}&sort=-id`);

      expect(response.text).toBe('title,authorFullName\nBook 006,First7 Last7\nBook 005,First6 Last6\n');
    });

    test('quotes values holding commas, quotes and line breaks, which a CSV parser reads back', async () => {
      const title = 'He said "hi", then\r\nleft';
      const id = await createBook(title, { priceCents: 0 });
      const filters = json({ field: 'id', operator: 'Equal', value: id });

      const response = await api.get(`/books.csv?fields[books]=title,priceCents,status&filters=${filters}`);

      expect(response.text).toBe(`title,priceCents,status\n"He said ""hi"", then\r\nleft",0,draft\n`);
      expect(Papa.parse(response.text, { skipEmptyLines: true }).data).toEqual([
        ['title', 'priceCents', 'status'],
        [title, '0', 'draft'],
      ]);
    });

    test('refuses a bad filter with a JSON 400', async () => {
      const response = await api.get('/books.csv?filters=[');

      expect(failure(response)).toEqual({ status: 400, name: 'ValidationError' });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });

    test('answers 404 for an unknown collection', async () => {
      expect(failure(await api.get('/magazines.csv'))).toEqual({ status: 404, name: 'NotFoundError' });
    });

    test(`streams ${BIG_ROW_COUNT.toLocaleString('en')} rows in order over a real socket with bounded memory`, async () => {
      const { port } = server.address() as AddressInfo;
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      let expected = 1;
      let outOfOrder = 0;
      let rest = '';
      let lines = 0;

      const header = await new Promise<string>((resolve, reject) => {
        let firstLine: string | undefined;
        http
          .get({ host: '127.0.0.1', port, path: '/platform/big_rows.csv', headers: { authorization } }, (res) => {
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              const parts = (rest + chunk).split('\n');
              rest = parts.pop() ?? '';
              for (const line of parts) {
                lines += 1;
                if (firstLine === undefined) {
                  firstLine = line;
                  continue;
                }
                if (line !== `${expected},row ${expected}`) outOfOrder += 1;
                expected += 1;
              }
              if (lines % 5000 < 100) peak = Math.max(peak, process.memoryUsage().rss);
            });
            res.on('end', () => resolve(firstLine ?? ''));
            res.on('error', reject);
          })
          .on('error', reject);
      });
      peak = Math.max(peak, process.memoryUsage().rss);
      const growthMb = (peak - before) / 1024 / 1024;
      console.log(
        `[${kind}] CSV of ${BIG_ROW_COUNT} rows: RSS ${(before / 1024 / 1024).toFixed(1)} MB, peak growth ${growthMb.toFixed(1)} MB`,
      );

      expect({ header, lines, outOfOrder, rest }).toEqual({
        header: 'id,label',
        lines: BIG_ROW_COUNT + 1,
        outOfOrder: 0,
        rest: '',
      });
      expect(growthMb).toBeLessThan(200);
    }, 120_000);
    test('exports a filtered export sorted by descending primary key in order, past the keyset switch', async () => {
      const filters = json({ field: 'id', operator: 'LessThanOrEqual', value: 25_000 });

      const response = await api.get(`/big_rows.csv?fields[big_rows]=id&sort=-id&filters=${filters}`);

      const ids = response.text.trimEnd().split('\n').slice(1).map(Number);
      expect(ids).toEqual(Array.from({ length: 25_000 }, (_, index) => 25_000 - index));
    }, 60_000);
  });

  describe('GET /:collection/:id', () => {
    test('reads a record with its computed and renamed fields', async () => {
      const response = await api.get('/books/7');

      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        id: 7,
        title: 'Book 007',
        priceCents: 700,
        status: 'published',
        authorFullName: 'First8 Last8',
      });
    });

    test('reads a record by its composite id', async () => {
      const response = await api.get('/editions/3%7C2');

      expect(response.body.data).toMatchObject({ book_id: 3, edition_number: 2, format: 'paperback' });
    });

    test('answers 404 for an unknown record', async () => {
      expect(failure(await api.get('/books/9999'))).toEqual({ status: 404, name: 'NotFoundError' });
    });

    test('answers 404 for an unknown collection', async () => {
      expect(failure(await api.get('/magazines/1'))).toEqual({ status: 404, name: 'NotFoundError' });
    });

    test('refuses an id that is not a number with 400', async () => {
      expect(failure(await api.get('/books/seven'))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a composite id with one value missing with 400', async () => {
      expect(failure(await api.get('/editions/3'))).toEqual({ status: 400, name: 'ValidationError' });
    });
  });

  describe('POST /:collection', () => {
    test('creates a record and answers it as created, with 201', async () => {
      const response = await api.post('/books', {
        data: { title: 'New arrival', priceCents: 1999, status: 'draft', author_id: 4 },
      });

      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ title: 'New arrival', priceCents: 1999, status: 'draft' });
      expect(response.body.data.id).toBeGreaterThan(BOOK_COUNT);
    });

    test('stores what was created', async () => {
      const id = await createBook('Stored arrival', { author_id: 5 });

      const response = await api.get(`/books/${id}`);

      expect(response.body.data).toMatchObject({ id, title: 'Stored arrival', authorFullName: 'First5 Last5' });
    });

    test('creates a record of a collection with a composite primary key', async () => {
      const response = await api.post('/editions', { data: { book_id: 30, edition_number: 1, format: 'ebook' } });

      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ book_id: 30, edition_number: 1, format: 'ebook' });
    });

    test('refuses a duplicate composite primary key with 400 UniqueConstraintError', async () => {
      const response = await api.post('/editions', { data: { book_id: 1, edition_number: 1, format: 'ebook' } });

      expect(failure(response)).toEqual({ status: 400, name: 'UniqueConstraintError' });
    });

    test('answers 422 when a Before Create hook aborts with throwError', async () => {
      const response = await api.post('/books', { data: { title: 'A forbidden book', status: 'draft' } });

      expect(failure(response)).toEqual({ status: 422, name: 'UnprocessableError' });
      expect(response.body.errors[0].detail).toBe('Forbidden books cannot be created.');
    });

    test('does not store a record a hook refused', async () => {
      await api.post('/books', { data: { title: 'Forbidden and absent', status: 'draft' } });
      const filters = json({ field: 'title', operator: 'Equal', value: 'Forbidden and absent' });

      expect((await api.get(`/books/count?filters=${filters}`)).body).toEqual({ meta: { count: 0 } });
    });

    test('answers 400 when a Before Create hook aborts with throwValidationError', async () => {
      const response = await api.post('/books', { data: { title: 'Negative', status: 'draft', priceCents: -1 } });

      expect(failure(response)).toEqual({ status: 400, name: 'ValidationError' });
      expect(response.body.errors[0].detail).toBe('The price of a book cannot be negative.');
    });

    test('refuses an unknown field with 400 MissingFieldError', async () => {
      const response = await api.post('/books', { data: { title: 'x', status: 'draft', subtitle: 'y' } });

      expect(failure(response)).toEqual({ status: 400, name: 'MissingFieldError' });
    });

    test('refuses a removed field with 400 MissingFieldError', async () => {
      const response = await api.post('/authors', { data: { first_name: 'A', last_name: 'B', secret_notes: 'x' } });

      expect(failure(response)).toEqual({ status: 400, name: 'MissingFieldError' });
    });

    test('refuses a computed field with 400', async () => {
      const response = await api.post('/books', { data: { title: 'x', status: 'draft', authorFullName: 'y' } });

      expect(failure(response)).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a body without data with 400', async () => {
      expect(failure(await api.post('/books', { title: 'x' }))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a body that is not JSON with 400', async () => {
      const response = await request(server)
        .post('/platform/books')
        .set('Authorization', authorization)
        .set('Content-Type', 'application/json')
        .send('{"data":');

      expect(failure(response)).toEqual({ status: 400, name: 'ValidationError' });
    });

    test(`refuses a body over ${BODY_LIMIT} with 413`, async () => {
      const response = await api.post('/books', { data: { title: 'x'.repeat(100 * 1024), status: 'draft' } });

      expect(failure(response)).toEqual({ status: 413, name: 'PayloadTooLargeError' });
    });

    test('answers 404 for an unknown collection', async () => {
      expect(failure(await api.post('/magazines', { data: { title: 'x' } }))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });
  });

  describe('PUT /:collection/:id', () => {
    test('updates a record through its renamed field and answers it read back', async () => {
      const id = await createBook('To update');

      const response = await api.put(`/books/${id}`, { data: { title: 'Updated', priceCents: 4242 } });

      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id, title: 'Updated', priceCents: 4242 });
    });

    test('updates a record by its composite id', async () => {
      const response = await api.put('/editions/10%7C2', { data: { format: 'audiobook' } });

      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ book_id: 10, edition_number: 2, format: 'audiobook' });
    });

    test('answers 404 for an unknown record', async () => {
      expect(failure(await api.put('/books/9999', { data: { title: 'x' } }))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });

    test('refuses a value of the wrong type with 400', async () => {
      expect(failure(await api.put('/books/1', { data: { priceCents: 'cheap' } }))).toEqual({
        status: 400,
        name: 'ValidationError',
      });
    });

    test('refuses to write a computed field with 400', async () => {
      expect(failure(await api.put('/books/1', { data: { authorFullName: 'x' } }))).toEqual({
        status: 400,
        name: 'ValidationError',
      });
    });
  });

  describe('DELETE /:collection/:id and DELETE /:collection', () => {
    test('deletes one record', async () => {
      const id = await createBook('To delete');

      const response = await api.delete(`/books/${id}`);

      expect(response.status).toBe(204);
      expect((await api.get(`/books/${id}`)).status).toBe(404);
    });

    test('deletes the selected records, and no other', async () => {
      const ids = [await createBook('Bulk'), await createBook('Bulk'), await createBook('Bulk')];
      const bulkBooks = "SELECT COUNT(*) AS count FROM books WHERE title = 'Bulk'";
      const books = await directSql.count('SELECT COUNT(*) AS count FROM books');
      expect(await directSql.count(bulkBooks)).toBe(3);

      const response = await api.delete('/books', { ids: [String(ids[0]), String(ids[1])] });

      expect(response.status).toBe(204);
      expect(await directSql.count(`SELECT COUNT(*) AS count FROM books WHERE id = ${ids[2]}`)).toBe(1);
      expect(await directSql.count('SELECT COUNT(*) AS count FROM books')).toBe(books - 2);
    });

    test('deletes every record a filter matches except the excluded ones, and no other', async () => {
      const ids = [await createBook('Filtered delete'), await createBook('Filtered delete')];
      const filters = { field: 'title', operator: 'Equal', value: 'Filtered delete' };
      const books = await directSql.count('SELECT COUNT(*) AS count FROM books');

      const response = await api.delete('/books', { allRecords: true, filters, excludedIds: [String(ids[1])] });

      expect(response.status).toBe(204);
      expect(await directSql.count(`SELECT COUNT(*) AS count FROM books WHERE id = ${ids[1]}`)).toBe(1);
      expect(await directSql.count('SELECT COUNT(*) AS count FROM books')).toBe(books - 1);
    });

    test('refuses a bulk delete without a selection with 400', async () => {
      expect(failure(await api.delete('/books', {}))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('answers 404 for an unknown record', async () => {
      expect(failure(await api.delete('/books/9999'))).toEqual({ status: 404, name: 'NotFoundError' });
    });

    test('answers 404 for an unknown collection', async () => {
      expect(failure(await api.delete('/magazines/1'))).toEqual({ status: 404, name: 'NotFoundError' });
    });
  });

  describe('relation reads', () => {
    test('lists a one-to-many relation', async () => {
      const response = await api.get('/books/4/relationships/reviews?fields[reviews]=id,rating');

      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([
        { id: 4, rating: 4 },
        { id: 64, rating: 4 },
      ]);
    });

    test('lists a many-to-many relation through the junction table', async () => {
      const response = await api.get('/books/1/relationships/tags?fields[tags]=name&sort=name');

      expect(response.body.data.map((tag: { name: string }) => tag.name)).toEqual(['fantasy', 'science']);
    });

    test('lists a relation added by the customizer', async () => {
      const response = await api.get('/authors/2/relationships/awards?fields[awards]=name&sort=id');

      expect(response.body.data.map((award: { name: string }) => award.name)).toEqual(['Award 1', 'Award 11']);
    });

    test('counts the records of a relation', async () => {
      expect((await api.get('/authors/1/relationships/books/count')).body).toEqual({ meta: { count: 6 } });
    });

    test('exports a relation as CSV', async () => {
      const response = await api.get('/authors/1/relationships/books.csv?fields[books]=id,title');

      expect(response.status).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename=authors-books.csv');
      expect(response.text).toBe(
        'id,title\n10,Book 010\n20,Book 020\n30,Book 030\n40,Book 040\n50,Book 050\n60,Book 060\n',
      );
    });

    test('answers 404 for an unknown relation', async () => {
      expect(failure(await api.get('/books/1/relationships/chapters'))).toEqual({ status: 404, name: 'NotFoundError' });
    });

    test('answers 404 for the relation of an unknown record', async () => {
      expect(failure(await api.get('/books/9999/relationships/reviews'))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });

    test('answers 404 when counting an unknown relation', async () => {
      expect(failure(await api.get('/books/1/relationships/chapters/count'))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });

    test('answers 404 when exporting an unknown relation', async () => {
      expect(failure(await api.get('/books/1/relationships/chapters.csv'))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });

    test('refuses to list a to-one relation with 400', async () => {
      expect(failure(await api.get('/books/1/relationships/author'))).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a bad filter on the foreign collection with 400 MissingFieldError', async () => {
      const filters = json({ field: 'nope', operator: 'Equal', value: 1 });

      expect(failure(await api.get(`/books/1/relationships/reviews?filters=${filters}`))).toEqual({
        status: 400,
        name: 'MissingFieldError',
      });
    });
  });

  describe('relation writes', () => {
    test('associates records of a one-to-many relation', async () => {
      const id = await createBook('Adopted', { author_id: 1 });

      const response = await api.post('/authors/9/relationships/books', { ids: [String(id)] });

      expect(response.status).toBe(204);
      expect((await api.get(`/books/${id}`)).body.data.authorFullName).toBe('First9 Last9');
    });

    test('links records of a many-to-many relation', async () => {
      const id = await createBook('Tagged');

      const response = await api.post(`/books/${id}/relationships/tags`, { ids: ['1', '4'] });

      expect(response.status).toBe(204);
      const tags = await api.get(`/books/${id}/relationships/tags?fields[tags]=name&sort=name`);
      expect(tags.body.data.map((tag: { name: string }) => tag.name)).toEqual(['classic', 'history']);
    });

    test('unlinks records of a many-to-many relation, and no other link', async () => {
      const id = await createBook('Untagged');
      await api.post(`/books/${id}/relationships/tags`, { ids: ['1', '2'] });
      const links = await directSql.count('SELECT COUNT(*) AS count FROM book_tags');

      const response = await api.delete(`/books/${id}/relationships/tags`, { ids: ['1'] });

      expect(response.status).toBe(204);
      expect(
        await directSql.count(`SELECT COUNT(*) AS count FROM book_tags WHERE book_id = ${id} AND tag_id = 2`),
      ).toBe(1);
      expect(await directSql.count('SELECT COUNT(*) AS count FROM book_tags')).toBe(links - 1);
    });

    test('deletes the foreign records with ?delete=true, and no other', async () => {
      const id = await createBook('Reviewed');
      await api.post('/reviews', { data: { book_id: id, rating: 5, body: 'Great' } });
      const reviews = await directSql.count('SELECT COUNT(*) AS count FROM reviews');

      const response = await api.delete(`/books/${id}/relationships/reviews?delete=true`, { allRecords: true });

      expect(response.status).toBe(204);
      expect(await directSql.count(`SELECT COUNT(*) AS count FROM reviews WHERE book_id = ${id}`)).toBe(0);
      expect(await directSql.count('SELECT COUNT(*) AS count FROM reviews')).toBe(reviews - 1);
    });

    test('points a many-to-one relation at another record', async () => {
      const id = await createBook('Moved', { author_id: 1 });

      const response = await api.put(`/books/${id}/relationships/author`, { id: '6' });

      expect(response.status).toBe(204);
      expect((await api.get(`/books/${id}`)).body.data.authorFullName).toBe('First6 Last6');
    });

    test('unlinks a many-to-one relation with a null id', async () => {
      const id = await createBook('Orphan', { author_id: 1 });

      const response = await api.put(`/books/${id}/relationships/author`, { id: null });

      expect(response.status).toBe(204);
      expect((await api.get(`/books/${id}`)).body.data.authorFullName).toBeNull();
    });

    test('refuses an association body without ids with 400', async () => {
      expect(failure(await api.post('/books/1/relationships/tags', { ids: 'all' }))).toEqual({
        status: 400,
        name: 'ValidationError',
      });
    });

    test('answers 404 when associating through an unknown relation', async () => {
      expect(failure(await api.post('/books/1/relationships/chapters', { ids: ['1'] }))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });

    test('refuses a dissociation without a selection with 400', async () => {
      expect(failure(await api.delete('/books/1/relationships/tags', {}))).toEqual({
        status: 400,
        name: 'ValidationError',
      });
    });

    test('answers 404 when pointing a relation at an unknown record', async () => {
      expect(failure(await api.put('/books/1/relationships/author', { id: '9999' }))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });
  });

  describe('scopes over SQL (createAgentRouter with a permission service)', () => {
    // The caller sees the books of author 1 and the reviews rated 3 or more.
    const scopes: Record<string, ConditionTreeLeaf> = {
      books: new ConditionTreeLeaf('author_id', 'Equal', 1),
      reviews: new ConditionTreeLeaf('rating', 'GreaterThanOrEqual', 3),
    };
    let dataSource: DataSource;
    let scopedApp: express.Express;

    beforeAll(async () => {
      dataSource = await createSqlDataSource(database.uri)(silentLogger);
      scopedApp = express();
      scopedApp.use(
        createAgentRouter(() => dataSource, {
          prefix: '/platform',
          authSecret: AUTH_SECRET,
          isProduction: false,
          useUnsafeActionEndpoint: false,
          logger: silentLogger,
          permissions: { can: async () => {}, getScope: async (_caller, collection) => scopes[collection] ?? null },
        }),
      );
    });

    afterAll(async () => {
      await dataSource?.close();
    });

    const scopedDelete = (url: string, body: object) =>
      request(scopedApp).delete(`/platform${url}`).set('Authorization', authorization).send(body);

    test('a bulk delete deletes only the selected records in scope', async () => {
      const inScope = await createBook('Scoped delete', { author_id: 1 });
      const outOfScope = await createBook('Scoped delete', { author_id: 2 });
      const filters = { field: 'title', operator: 'Equal', value: 'Scoped delete' };

      const response = await scopedDelete('/books', { allRecords: true, filters });

      expect(response.status).toBe(204);
      expect(await directSql.count(`SELECT COUNT(*) AS count FROM books WHERE id = ${outOfScope}`)).toBe(1);
      expect(await directSql.count(`SELECT COUNT(*) AS count FROM books WHERE id = ${inScope}`)).toBe(0);
    });

    test('a dissociation with ?delete=true deletes only the related records in scope', async () => {
      const id = await createBook('Scoped reviews', { author_id: 1 });
      await api.post('/reviews', { data: { book_id: id, rating: 5, body: 'In scope' } });
      await api.post('/reviews', { data: { book_id: id, rating: 1, body: 'Out of scope' } });
      const reviewsOf = (rating: number) =>
        directSql.count(`SELECT COUNT(*) AS count FROM reviews WHERE book_id = ${id} AND rating = ${rating}`);
      expect([await reviewsOf(5), await reviewsOf(1)]).toEqual([1, 1]);

      const response = await scopedDelete(`/books/${id}/relationships/reviews?delete=true`, { allRecords: true });

      expect(response.status).toBe(204);
      expect([await reviewsOf(5), await reviewsOf(1)]).toEqual([0, 1]);
    });
  });

  describe('charts', () => {
    test('renders a collection chart for a record (GET)', async () => {
      const response = await api.get('/_charts/books/averageRating?recordId=4');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { type: 'Value', value: { countCurrent: 4 } } });
    });

    test('renders a collection chart for a record (POST)', async () => {
      const response = await api.post('/_charts/books/averageRating', { recordId: '3' });

      expect(response.body).toEqual({ data: { type: 'Value', value: { countCurrent: 3 } } });
    });

    test('renders a data source chart', async () => {
      const response = await api.get('/_charts/authorCount');

      expect(response.body).toEqual({ data: { type: 'Value', value: { countCurrent: AUTHOR_COUNT } } });
    });

    test('answers 404 for an unknown collection chart', async () => {
      expect(failure(await api.get('/_charts/books/bestsellers?recordId=1'))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });

    test('answers 404 for an unknown data source chart', async () => {
      expect(failure(await api.get('/_charts/revenue'))).toEqual({ status: 404, name: 'NotFoundError' });
    });

    test('refuses a collection chart without a record id with 400', async () => {
      expect(failure(await api.get('/_charts/books/averageRating'))).toEqual({ status: 400, name: 'ValidationError' });
    });
  });

  describe('actions', () => {
    const route = '/_actions/books/0/make-card';

    test('loads the dynamic form with defaults read from the record', async () => {
      const response = await api.post(`${route}/hooks/load`, { ids: ['7'] });

      expect(response.status).toBe(200);
      expect(
        response.body.fields.map((field: { label: string; defaultValue: unknown }) => [
          field.label,
          field.defaultValue,
        ]),
      ).toEqual([
        ['Format', 'message'],
        ['Heading', 'Book 007'],
        ['Tag', undefined],
      ]);
    });

    test('shows a field when the value it depends on changes', async () => {
      const response = await api.post(`${route}/hooks/change`, {
        ids: ['7'],
        values: { Format: 'file', Heading: 'Book 007' },
        changedField: 'Format',
      });

      expect(response.body.fields.map((field: { label: string }) => field.label)).toEqual([
        'Format',
        'Heading',
        'Filename',
        'Tag',
      ]);
    });

    test('refuses a change of a field the form does not have with 400', async () => {
      const response = await api.post(`${route}/hooks/change`, {
        ids: ['7'],
        values: { Format: 'file' },
        changedField: 'Colour',
      });

      expect(failure(response)).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('searches the options of a dynamic dropdown', async () => {
      const response = await api.post(`${route}/hooks/search`, {
        ids: ['7'],
        values: { Format: 'message' },
        searchField: 'Tag',
        searchValue: 'h',
      });

      expect(response.status).toBe(200);
      const tag = response.body.fields.find((field: { label: string }) => field.label === 'Tag');
      expect(tag.options).toEqual([{ label: 'history', value: 'history' }]);
    });

    test('answers a success result', async () => {
      const response = await api.post(route, { ids: ['7'], values: { Format: 'message' } });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: 'Card of Book 007' });
    });

    test('answers a file result as a download', async () => {
      const response = await api.post(route, { ids: ['8'], values: { Format: 'file', Filename: 'card-8.txt' } });

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['content-disposition']).toBe('attachment; filename=card-8.txt');
      expect(response.text).toBe('Card: Book 008\n');
    });

    test('refuses a value outside the enum with 400', async () => {
      const response = await api.post(route, { ids: ['7'], values: { Format: 'poster' } });

      expect(failure(response)).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a Single action on two records with 400', async () => {
      const response = await api.post(route, { ids: ['7', '8'], values: { Format: 'message' } });

      expect(failure(response)).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('refuses a search on a field without dynamic search with 400', async () => {
      const response = await api.post(`${route}/hooks/search`, {
        ids: ['7'],
        values: {},
        searchField: 'Heading',
        searchValue: 'x',
      });

      expect(failure(response)).toEqual({ status: 400, name: 'ValidationError' });
    });

    test('answers 404 for an unknown action', async () => {
      expect(failure(await api.post('/_actions/books/0/make-poster', { ids: ['7'], values: {} }))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });

    test('answers 404 for an action index that does not exist', async () => {
      expect(failure(await api.post('/_actions/books/3/make-card', { ids: ['7'], values: {} }))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });

    test('answers 404 for the action of an unknown record', async () => {
      expect(failure(await api.post(route, { ids: ['9999'], values: { Format: 'message' } }))).toEqual({
        status: 404,
        name: 'NotFoundError',
      });
    });
  });

  describe('restart', () => {
    test('finishes a request in flight, then serves a customization added by the restart', async () => {
      const { entered, release } = gate.arm();
      const inFlight = api.get('/books?fields[books]=id,slowTitle&page[size]=2').then((response) => response);
      await entered;

      await agent
        .customizeCollection('tags', (tags) =>
          tags.addField('shout', {
            columnType: 'String',
            dependencies: ['name'],
            getValues: (records) => records.map((record) => `${String(record.name).toUpperCase()}!`),
          }),
        )
        .restart();
      release();
      const response = await inFlight;
      const after = await api.get('/tags?fields[tags]=id,shout&page[size]=1');

      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([
        { id: 1, slowTitle: 'BOOK 001' },
        { id: 2, slowTitle: 'BOOK 002' },
      ]);
      expect(after.body.data).toEqual([{ id: 1, shout: 'CLASSIC!' }]);
    });
  });
}

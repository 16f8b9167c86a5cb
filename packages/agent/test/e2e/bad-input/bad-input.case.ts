import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { type RunningAgent, startBadInputAgent } from './bad-input-agent';
import { type BadInputDatabase, type BadInputKind, openBadInputDatabase } from './bad-input-database';

interface ErrorBody {
  errors?: Array<{ name: string; detail: string; status: number }>;
}

/** Status, error name and detail of a response, to compare in one assertion. */
function failure(response: request.Response): { status: number; name: string | undefined; detail: string } {
  const error = (response.body as ErrorBody).errors?.[0];
  return { status: response.status, name: error?.name, detail: error?.detail ?? '' };
}

/**
 * POSTs `body` as JSON with a Content-Encoding, over a plain `http.request`: superagent rewrites
 * bodies sent with an encoding.
 */
async function postRaw(
  agent: RunningAgent,
  path: string,
  encoding: string,
  body: Buffer,
): Promise<{ status: number; name: string | undefined; text: string }> {
  const { port } = agent.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          authorization: agent.authorization,
          'content-type': 'application/json',
          'content-encoding': encoding,
          'content-length': body.length,
        },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () => {
          const name = text.startsWith('{"errors"') ? (JSON.parse(text) as ErrorBody).errors?.[0]?.name : undefined;
          resolve({ status: incoming.statusCode ?? 0, name, text });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const NUL_FILTER = { field: 'name', operator: 'Equal', value: 'al\u0000pha' };
const RENAME = '/_actions/items/0/rename';

/** `{ aggregator: 'And', conditions: [ ... ] }` nested `depth` levels around one leaf. */
export function nestedTree(depth: number): unknown {
  let tree: unknown = { field: 'id', operator: 'Equal', value: 1 };
  for (let level = 0; level < depth; level += 1) tree = { aggregator: 'And', conditions: [tree] };
  return tree;
}

/** The JSON text of an array nested `depth` levels deep (too deep for `JSON.stringify`). */
export function nestedArrayText(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/**
 * Bad inputs that reached the database or overflowed the stack (issue #20): each answers a 4xx
 * naming the problem, leaves every row as it was, and the agent keeps answering.
 */
export function runBadInputSuite(kind: BadInputKind): void {
  let database: BadInputDatabase;
  let agent: RunningAgent;
  let before: string;

  beforeAll(async () => {
    database = await openBadInputDatabase(kind);
    agent = await startBadInputAgent(database.uri);
  }, 60_000);

  afterAll(async () => {
    await agent?.stop();
    await database?.close();
  });

  beforeEach(async () => {
    before = await database.snapshot();
    expect(before).toContain('alpha');
  });

  const api = {
    get: (url: string) => request(agent.server).get(`/platform${url}`).set('Authorization', agent.authorization),
    send: (method: 'post' | 'put' | 'delete', url: string, body: unknown) =>
      request(agent.server)
        [method](`/platform${url}`)
        .set('Authorization', agent.authorization)
        .send(body as object),
  };

  async function expectUnchanged(): Promise<void> {
    expect(await database.snapshot()).toBe(before);
    expect((await request(agent.server).get('/platform/')).status).toBe(200);
  }

  describe('a NUL character in text', () => {
    // PostgreSQL cannot store U+0000 in text; MariaDB and SQLite store it like any other character.
    const refusesNul = kind === 'postgres';

    test.each([
      ['a filter value of a list', () => api.get(`/items?filters=${json(NUL_FILTER)}`)],
      ['a filter value of a count', () => api.get(`/items/count?filters=${json(NUL_FILTER)}`)],
      ['a filter value of a CSV export', () => api.get(`/items.csv?filters=${json(NUL_FILTER)}`)],
      ['a search', () => api.get(`/items?search=${encodeURIComponent('al\u0000pha')}`)],
      ["an action's selection", () => api.send('post', RENAME, { allRecords: true, filters: NUL_FILTER, values: {} })],
    ])('in %s answers 400 on PostgreSQL, and matches nothing elsewhere', async (_name, send) => {
      const response = await send();

      if (refusesNul) {
        expect(failure(response)).toMatchObject({ status: 400, name: 'InvalidValueError' });
        expect(failure(response).detail).toMatch(/NUL character/);
      } else {
        expect(response.status).toBe(200);
      }
      await expectUnchanged();
    });

    test.each([
      ['a create', () => api.send('post', '/items', { data: { name: 'x\u0000y' } })],
      ['an update', () => api.send('put', '/items/5', { data: { name: 'x\u0000y' } })],
    ])('in %s answers 400 on PostgreSQL, and is stored as given elsewhere', async (_name, send) => {
      const response = await send();

      if (refusesNul) {
        expect(failure(response)).toMatchObject({ status: 400, name: 'InvalidValueError' });
        await expectUnchanged();
      } else {
        expect([200, 201]).toContain(response.status);
        expect((response.body as { data: { name: string } }).data.name).toBe('x\u0000y');
      }
    });
  });

  test('a Like pattern ending with the escape character answers 400', async () => {
    const filters = { field: 'name', operator: 'Like', value: 'alph\\' };

    expect(failure(await api.get(`/items?filters=${json(filters)}`))).toMatchObject({
      status: 400,
      name: 'ValidationError',
      detail: expect.stringMatching(/escape character/),
    });
    await expectUnchanged();
  });

  if (kind !== 'sqlite') {
    // SQLite has no regular expressions: the agent matches them in memory, with JavaScript's.
    test('a Match expression the database cannot compile answers 400', async () => {
      // Valid in JavaScript; PostgreSQL has no named groups, ICU and PCRE no unbounded lookbehind.
      const source = kind === 'postgres' ? '/(?<first>a)lpha/' : '/(?<=a+)lpha/';
      const filters = { field: 'name', operator: 'Match', value: source };

      expect(failure(await api.get(`/items?filters=${json(filters)}`))).toMatchObject({
        status: 400,
        name: 'InvalidValueError',
      });
      await expectUnchanged();
    });
  }

  test('a relative date past the documented bound answers 400 naming it', async () => {
    const filters = { field: 'created_at', operator: 'PreviousXDays', value: 100_000_000 };

    expect(failure(await api.get(`/items/count?filters=${json(filters)}`))).toMatchObject({
      status: 400,
      name: 'ValidationError',
      detail: expect.stringMatching(/at most 365,?000/),
    });
    await expectUnchanged();
  });

  describe('sizes past the database limits', () => {
    const manyIds = [2, ...Array.from({ length: 70_000 }, (_, index) => 1_000 + index)];

    // PostgreSQL binds the ids as one array, SQLite as one JSON text, mysql2 inlines them.
    test('a selection of 70,000 ids runs on exactly the selected records', async () => {
      const response = await api.send('post', RENAME, { ids: manyIds, values: {} });

      expect(response.status).toBe(200);
      const after = JSON.parse(await database.snapshot()) as Array<{ id: number; name: string }>;
      expect(after.filter((row) => row.name === 'renamed').map((row) => row.id)).toEqual([2]);
    });

    test('an Or of 5,000 conditions runs on PostgreSQL and MariaDB, and states the SQLite limit', async () => {
      const conditions = Array.from({ length: 5_000 }, (_, index) => ({
        field: 'id',
        operator: 'Equal',
        value: index + 1_000,
      }));

      const response = await api.send('post', RENAME, {
        allRecords: true,
        filters: { aggregator: 'Or', conditions },
        values: {},
      });

      if (kind === 'sqlite') {
        expect(failure(response)).toMatchObject({ status: 400, name: 'QueryTooLargeError' });
        expect(failure(response).detail).toMatch(/1,000 levels/);
      } else {
        expect(response.status).toBe(200);
      }
      await expectUnchanged();
    });

    test('an Or of 70,000 conditions answers 400 stating the limit', async () => {
      const conditions = Array.from({ length: 70_000 }, (_, index) => ({
        field: 'id',
        operator: 'Equal',
        value: index,
      }));

      const response = await api.send('post', RENAME, {
        allRecords: true,
        filters: { aggregator: 'Or', conditions },
        values: {},
      });

      expect(failure(response)).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(failure(response).detail).toMatch(/at most 10,000 conditions/);
      await expectUnchanged();
    });
  });

  describe('depth', () => {
    test('a condition tree nested 2,000 levels (72 kB) answers 400 naming the body depth limit', async () => {
      const response = await api.send('post', RENAME, { allRecords: true, filters: nestedTree(2_000), values: {} });

      expect(failure(response)).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(failure(response).detail).toMatch(/at most 128 levels/);
      await expectUnchanged();
    });

    test.each([
      [
        'an action selection',
        () => api.send('post', RENAME, { allRecords: true, filters: nestedTree(40), values: {} }),
      ],
      ['a filters parameter', () => api.get(`/items?filters=${json(nestedTree(50))}`)],
    ])('a condition tree nested past 32 levels in %s answers 400 naming the limit', async (_name, send) => {
      const response = await send();

      expect(failure(response)).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(failure(response).detail).toMatch(/at most 32 levels/);
      await expectUnchanged();
    });

    test('a filters parameter whose value nests 200 levels answers 400 naming the limit', async () => {
      const filters = `{"field":"name","operator":"In","value":${nestedArrayText(200)}}`;

      const response = await api.get(`/items?filters=${encodeURIComponent(filters)}`);

      expect(failure(response)).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(failure(response).detail).toMatch(/at most 128 levels/);
    });

    test.each([
      ['a create body (JSON column)', '/items', `{"data":{"name":"deep","doc":${nestedArrayText(5_000)}}}`],
      ['an action form value', RENAME, `{"ids":[1],"values":{"Payload":${nestedArrayText(5_000)}}}`],
    ])('a JSON value nested 5,000 levels in %s answers 400 naming the limit', async (_name, url, body) => {
      const response = await request(agent.server)
        .post(`/platform${url}`)
        .set('Authorization', agent.authorization)
        .set('Content-Type', 'application/json')
        .send(body);

      expect(failure(response)).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(failure(response).detail).toMatch(/at most 128 levels/);
      await expectUnchanged();
    });
  });

  describe('malformed requests', () => {
    test('a path segment that is not valid percent-encoding answers 400', async () => {
      expect(failure(await api.get('/items/%FF'))).toMatchObject({ status: 400, name: 'ValidationError' });
      await expectUnchanged();
    });

    test('a gzip body that is not gzip answers 400', async () => {
      const response = await postRaw(agent, '/platform/items', 'gzip', Buffer.from('{"data":{"name":"not gzip"}}'));

      expect(response).toMatchObject({ status: 400, name: 'ValidationError' });
      await expectUnchanged();
    });

    test('an unsupported content encoding answers 415', async () => {
      const response = await postRaw(agent, '/platform/items', 'compress', Buffer.from('{"data":{"name":"x"}}'));

      expect(response).toMatchObject({ status: 415, name: 'UnsupportedMediaTypeError' });
      await expectUnchanged();
    });

    test('a real gzip body is still read', async () => {
      const response = await postRaw(agent, '/platform/items', 'gzip', gzipSync('{"data":{"name":"zipped"}}'));

      expect(response).toMatchObject({ status: 201, text: expect.stringContaining('"zipped"') });
    });
  });
}

import { type DatabaseFaults, type FaultKind, openDatabaseFaults } from '../factories/database-faults';
import { type SqlAgent, startSqlAgent } from '../factories/sql-agent';

const BOOK_COUNT = 2500; // a CSV export of three pages

/** One request of the traffic: what a browser of the agent sends. */
interface Call {
  readonly name: string;
  readonly path: string;
  readonly method?: 'PUT';
  readonly body?: unknown;
}

const LIST: Call = { name: 'list', path: '/books?page[size]=15&sort=-id' };
const GET: Call = { name: 'get', path: '/books/1' };
const COUNT: Call = { name: 'count', path: '/books/count' };
const CSV: Call = { name: 'CSV export', path: '/books.csv?fields[books]=id,title,stock' };
const update = (stock: number): Call => ({
  name: 'update',
  path: '/books/1',
  method: 'PUT',
  body: { data: { stock } },
});

/** What came back: a status, the first error, `Retry-After`; `cut` when a stream broke after its 200. */
interface Outcome {
  readonly status: number | 'cut';
  readonly error?: { name: string; detail: string; status: number };
  readonly retryAfter: string | null;
  readonly text: string;
}

function ddl(kind: FaultKind): string[] {
  const id = kind === 'postgres' ? 'SERIAL PRIMARY KEY' : 'INTEGER AUTO_INCREMENT PRIMARY KEY';
  return [
    `CREATE TABLE books (id ${id}, title VARCHAR(100) NOT NULL, stock INTEGER NOT NULL)`,
    kind === 'postgres'
      ? `INSERT INTO books (title, stock) SELECT 'Book ' || n, n FROM generate_series(1, ${BOOK_COUNT}) AS n`
      : `INSERT INTO books (title, stock) SELECT CONCAT('Book ', seq), seq FROM seq_1_to_${BOOK_COUNT}`,
  ];
}

/**
 * Database faults under the agent (issue #38): its connections ended by the server while requests
 * wait on them or sit idle in the pool. Requests in flight answer 503 `DatabaseUnavailableError`
 * with `Retry-After` (reads after one retry on a new connection), never a 500; later requests
 * succeed on new connections, without a restart.
 */
export function runDatabaseFaults(kind: FaultKind): void {
  let agent: SqlAgent;
  let faults: DatabaseFaults;
  const errorLines: string[] = [];

  beforeAll(async () => {
    agent = await startSqlAgent(kind, ddl(kind), {
      logger: (level, message) => {
        if (level === 'Error') errorLines.push(message);
      },
    });
    faults = await openDatabaseFaults(kind, agent);
  }, 60_000);

  afterAll(async () => {
    await faults?.close();
    await agent?.close();
  });

  beforeEach(() => {
    errorLines.length = 0;
  });

  async function send(call: Call): Promise<Outcome> {
    const response = await fetch(`${agent.baseUrl}${call.path}`, {
      method: call.method ?? 'GET',
      headers: { authorization: agent.authorization, 'content-type': 'application/json' },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    const retryAfter = response.headers.get('retry-after');
    let text: string;
    try {
      text = await response.text();
    } catch {
      return { status: 'cut', retryAfter, text: '' };
    }
    const error = response.ok ? undefined : (JSON.parse(text) as { errors: Outcome['error'][] }).errors[0];

    return { status: response.status, error, retryAfter, text };
  }

  /** Sends `call` while `table` is locked, ends the agent's connection under it `drops` times, then unlocks. */
  async function sendThroughDrops(call: Call, drops: number, lock: 'table' | 'row'): Promise<Outcome> {
    const held = lock === 'table' ? await faults.lockTable('books') : await faults.lockRow('books', 1);
    try {
      const outcome = send(call);
      let seen: number[] = [];
      for (let drop = 0; drop < drops; drop += 1) {
        seen = [...seen, ...(await faults.waitForBlockedAgent(seen))];
        expect(await faults.dropAgentConnections()).toBeGreaterThan(0);
      }
      if (drops > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      await held.release();

      return await outcome;
    } finally {
      await held.release().catch(() => undefined);
    }
  }

  const unavailable = {
    status: 503,
    error: {
      name: 'DatabaseUnavailableError',
      status: 503,
      detail: expect.stringMatching(/^The database is unavailable: .* on 'books'\. Try again in a few seconds\.$/),
    },
    retryAfter: '5',
  };

  test.each([LIST, GET, COUNT, CSV])(
    'a $name whose connection is ended on its first try and on its retry answers 503 DatabaseUnavailableError with Retry-After',
    async (call) => {
      const outcome = await sendThroughDrops(call, 2, 'table');

      expect(outcome).toMatchObject(unavailable);
      expect(errorLines).toEqual([]);
    },
  );

  test.each([LIST, COUNT, CSV])(
    'a $name whose connection is ended once is retried on a new one and answers 200',
    async (call) => {
      const outcome = await sendThroughDrops(call, 1, 'table');

      expect(outcome.status).toBe(200);
    },
  );

  test('an update whose connection is ended while it waits answers 503, and is not retried', async () => {
    const before = await agent.query<{ stock: number }>('select stock from books where id = 1');

    const outcome = await sendThroughDrops(update(-1), 1, 'row');

    expect(outcome).toMatchObject(unavailable);
    expect(outcome.text).not.toMatch(/terminating|administrator|Connection lost|driver/i);
    expect(await agent.query<{ stock: number }>('select stock from books where id = 1')).toEqual(before);
  });

  test('every route answers 200 after every connection of the pool was ended, without a restart', async () => {
    await Promise.all(Array.from({ length: 8 }, () => send(LIST))); // several connections in the pool
    expect(await faults.dropAgentConnections()).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const outcomes = [];
    for (const call of [LIST, GET, update(7), CSV, COUNT]) outcomes.push(await send(call));

    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 200, 200, 200]);
    expect(outcomes[3]?.text.trim().split('\n')).toHaveLength(BOOK_COUNT + 1);
    expect(JSON.parse(outcomes[4]?.text ?? '')).toEqual({ meta: { count: BOOK_COUNT } });
  });

  test('under a flow of list, get, update, CSV and count, ending every connection answers 200s and 503s, never a 500', async () => {
    let isFlowing = true;
    const outcomes: Outcome[] = [];
    const calls = [LIST, GET, update(3), CSV, COUNT];
    const client = async (offset: number) => {
      for (let index = offset; isFlowing; index += 1) outcomes.push(await send(calls[index % calls.length] as Call));
    };
    const clients = Array.from({ length: 6 }, (_, offset) => client(offset));

    let dropped = 0;
    for (let round = 0; round < 4; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      dropped += await faults.dropAgentConnections();
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    isFlowing = false;
    await Promise.all(clients);
    const after = await Promise.all(calls.map(send));

    expect(dropped).toBeGreaterThan(0);
    expect(outcomes.length).toBeGreaterThan(calls.length);
    for (const outcome of outcomes.filter((each) => each.status !== 200 && each.status !== 'cut')) {
      expect(outcome).toMatchObject(unavailable);
    }
    expect(errorLines).toEqual([]);
    expect(after.map((outcome) => outcome.status)).toEqual([200, 200, 200, 200, 200]);
  });
}

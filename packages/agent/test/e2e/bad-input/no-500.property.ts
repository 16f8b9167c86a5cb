import fc from 'fast-check';
import request from 'supertest';
import { type RunningAgent, startBadInputAgent } from './bad-input-agent';
import { type BadInputDatabase, type BadInputKind, openBadInputDatabase } from './bad-input-database';

/** One request of the property: what the agent must never answer with a 5xx. */
interface Probe {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

// Bytes percent-encoded one by one: any byte sequence, valid UTF-8 or not, reaches the router.
const percentEncoded = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const anyBytes = fc.uint8Array({ maxLength: 200 });
const leaf = fc.record({
  field: fc.constantFrom('id', 'name', 'doc', 'created_at', 'nope'),
  operator: fc.constantFrom('Equal', 'In', 'Like', 'ILike', 'Contains', 'Match', 'PreviousXDays', 'Present', 'Bogus'),
  value: fc.oneof(anyText, fc.integer(), fc.double(), fc.array(fc.integer(), { maxLength: 5 }), fc.constant(null)),
});
const nestedText = (depth: number, inner: string) =>
  `${'{"aggregator":"And","conditions":['.repeat(depth)}${inner}${']}'.repeat(depth)}`;

const readProbe = (route: string) =>
  fc.oneof(
    fc.tuple(leaf, fc.nat({ max: 120 })).map(([node, depth]) => ({
      method: 'GET' as const,
      path: `/platform/items${route}?filters=${encodeURIComponent(nestedText(depth, JSON.stringify(node)))}`,
    })),
    anyBytes.map((bytes) => ({
      method: 'GET' as const,
      path: `/platform/items${route}?filters=${percentEncoded(bytes)}`,
    })),
    anyBytes.map((bytes) => ({
      method: 'GET' as const,
      path: `/platform/items${route}?search=${percentEncoded(bytes)}`,
    })),
  );

const createProbe = fc.oneof(
  fc
    .record(
      { name: anyText, doc: fc.jsonValue({ maxDepth: 4 }), created_at: fc.oneof(anyText, fc.date()) },
      { requiredKeys: [] },
    )
    .map((data) => ({ method: 'POST' as const, path: '/platform/items', body: JSON.stringify({ data }) })),
  fc.nat({ max: 6_000 }).map((depth) => ({
    method: 'POST' as const,
    path: '/platform/items',
    body: `{"data":{"name":"deep","doc":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
  })),
  fc.tuple(anyBytes, fc.constantFrom('identity', 'gzip', 'deflate', 'br', 'compress')).map(([bytes, encoding]) => ({
    method: 'POST' as const,
    path: '/platform/items',
    body: Buffer.from(bytes),
    headers: { 'Content-Encoding': encoding },
  })),
);

const ACTION = '/platform/_actions/items/0/rename';
const actionProbe = fc.oneof(
  fc.nat({ max: 80_000 }).map((count) => ({
    method: 'POST' as const,
    path: ACTION,
    body: JSON.stringify({ ids: Array.from({ length: count }, (_, index) => index + 1_000), values: {} }),
  })),
  fc.tuple(fc.nat({ max: 20_000 }), fc.nat({ max: 3_000 })).map(([conditions, depth]) => ({
    method: 'POST' as const,
    path: ACTION,
    body: `{"allRecords":true,"values":{},"filters":${nestedText(
      depth,
      `{"aggregator":"Or","conditions":[${Array.from({ length: conditions }, (_, id) => `{"field":"id","operator":"Equal","value":${id + 1_000}}`).join(',')}]}`,
    )}}`,
  })),
  fc.tuple(fc.array(fc.oneof(anyText, fc.integer(), fc.double()), { maxLength: 5 }), leaf).map(([ids, filters]) => ({
    method: 'POST' as const,
    path: ACTION,
    body: JSON.stringify({ ids, allRecords: ids.length === 0, filters, values: { Payload: ids } }),
  })),
);

const pathProbe = anyBytes.map((bytes) => ({
  method: 'GET' as const,
  path: `/platform/items/${percentEncoded(bytes)}`,
}));

/** Counterexamples print as one short line: a body of 80,000 ids would flood the report. */
function withShortDescription(probe: Probe): Probe {
  const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}... (${text.length} chars)` : text);
  const body =
    probe.body === undefined ? '' : ` ${cut(typeof probe.body === 'string' ? probe.body : probe.body.toString('hex'))}`;
  const headers = probe.headers ? ` ${JSON.stringify(probe.headers)}` : '';
  return Object.assign(probe, { [fc.toStringMethod]: () => `${probe.method} ${cut(probe.path)}${headers}${body}` });
}

/**
 * The property of issue #20: whatever bytes, depths and sizes reach the list, count, CSV export,
 * create and action routes, no answer is a 5xx, and the agent still answers its healthcheck and
 * lists. Runs are bounded (`NUM_RUNS`); a failure
 * prints fast-check's seed and path, and `FC_SEED=<seed>` replays it.
 */
export function runNo500Property(kind: BadInputKind, numRuns: number): void {
  let database: BadInputDatabase;
  let agent: RunningAgent;

  beforeAll(async () => {
    database = await openBadInputDatabase(kind);
    agent = await startBadInputAgent(database.uri);
  }, 60_000);

  afterAll(async () => {
    await agent?.stop();
    await database?.close();
  });

  async function send(probe: Probe): Promise<request.Response> {
    let pending = request(agent.server)
      [probe.method === 'GET' ? 'get' : 'post'](probe.path)
      .set('Authorization', agent.authorization);
    for (const [name, value] of Object.entries(probe.headers ?? {})) pending = pending.set(name, value);
    if (probe.body !== undefined) pending = pending.set('Content-Type', 'application/json').send(probe.body);

    return pending;
  }

  test('no request of random bytes, depths and sizes gets a 5xx, and the agent stays up', async () => {
    const seed = Number(process.env.FC_SEED ?? 20_20);
    const statuses = new Map<number, number>();
    const probes = fc
      .oneof(readProbe(''), readProbe('/count'), readProbe('.csv'), createProbe, actionProbe, pathProbe)
      .map(withShortDescription);

    await fc.assert(
      fc.asyncProperty(probes, async (probe) => {
        const response = await send(probe);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);

        expect(response.status).toBeLessThan(500);
      }),
      { numRuns, seed, endOnFailure: true },
    );

    // The runs reached both sides: refusals and successes.
    expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect((await request(agent.server).get('/platform/')).status).toBe(200);
    expect((await send({ method: 'GET', path: '/platform/items/count' })).status).toBe(200);
  }, 60_000);
}

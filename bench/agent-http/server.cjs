// One side of the agent-http benchmark, in its own process so that its RSS can be sampled alone.
//   node --conditions=@platform/source --require ../lib/register-ts.cjs server.cjs <mode> <authSecret>
// Listens on a free port of 127.0.0.1 and sends `{ port }` to the parent over IPC.
//   agent: createAgent over createSqlDataSource (workspace sources, compiled on the fly by swc), offline
//   sandbox: a platform sandbox (@platform/agent-testing), its user 1 an Editor granted browse on
//          the books; sends { port, envSecret }
//   agent-platform: the agent connected to it (BENCH_SERVER_URL, BENCH_ENV_SECRET)
//   raw:   the floor: a bare node:http server running the same SQL by hand through `pg` (pool
//          of 10), and a `pg-cursor` export writing the same CSV with csv-stringify
const { mkdtempSync } = require('node:fs');
const { once } = require('node:events');
const os = require('node:os');
const path = require('node:path');
const { drained } = require('../lib/drained.cjs');

const [mode, authSecret] = process.argv.slice(2);
const DB = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
  database: 'platform_bench',
};

async function startAgent(connected) {
  const { createAgent } = require('@platform/agent');
  const { createSqlDataSource } = require('@platform/datasource-sql');
  const platform = connected
    ? { offline: false, envSecret: process.env.BENCH_ENV_SECRET, serverUrl: process.env.BENCH_SERVER_URL }
    : { offline: true, envSecret: 'ab'.repeat(32) };
  const agent = createAgent({
    authSecret,
    ...platform,
    isProduction: false,
    schemaPath: path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-agent-')), '.platform-schema.json'),
    logger: () => undefined,
    port: 0,
  }).addDataSource(
    createSqlDataSource(
      { dialect: 'postgres', host: DB.host, port: DB.port, database: DB.database, username: DB.user, poolSize: 10 },
      { include: ['bench_books', 'bench_authors'] },
    ),
  );
  await agent.start();
  return agent.standaloneServerPort;
}

/** A platform sandbox whose user 1 is an Editor granted browse on the books; sends its secret too. */
async function startSandbox() {
  const { createPlatformServerSandbox } = require('@platform/agent-testing');
  const sandbox = await createPlatformServerSandbox(0);
  const envSecret = sandbox.addEnvironment();
  const environment = sandbox.environment(envSecret);
  environment.removeUser(1);
  environment.addUser({ id: 1, email: 'bench@example.com', role: 'Editor' });
  environment.grant('Editor', 'bench_books', 'browse', 'read', 'export');
  // The activity the agent reports is not kept: the sandbox would grow for the whole run.
  setInterval(() => environment.activity.splice(0), 1000).unref();
  return { port: sandbox.port, envSecret };
}

// The export a developer would write: one server-side cursor, 1000 rows per read, same columns.
async function exportBooks(pool, res, limit) {
  const Cursor = require('pg-cursor');
  const { stringify } = require('csv-stringify/sync');
  const client = await pool.connect();
  try {
    const cursor = client.query(
      new Cursor(
        `select b.id, b.title, b.status, b.price, b.created_at, a.name as author_name
        from bench_books b left join bench_authors a on a.id = b.author_id order by b.id limit $1`,
        [limit],
      ),
    );
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="bench_books.csv"',
    });
    res.write(stringify([['id', 'title', 'status', 'price', 'created_at', 'author:name']]));
    for (let rows = await cursor.read(1000); rows.length > 0 && !res.destroyed; rows = await cursor.read(1000)) {
      const chunk = stringify(
        rows.map((r) => [
          r.id,
          r.title,
          r.status,
          r.price === null ? null : Number(r.price),
          r.created_at.toISOString(),
          r.author_name,
        ]),
      );
      if (!res.write(chunk)) await drained(res);
    }
    await cursor.close();
    res.end();
  } finally {
    client.release();
  }
}

/** The floor: a bare node:http server running the same SQL by hand through a `pg` pool of 10. */
async function startRaw() {
  const http = require('node:http');
  const { Pool } = require('pg');
  const pool = new Pool({ ...DB, max: 10 });
  const listSql = `select b.id, b.title, b.status, b.price, b.created_at, a.id as author_id, a.name as author_name
    from bench_books b left join bench_authors a on a.id = b.author_id
    where b.status = $1 order by b.created_at desc, b.id asc limit $2 offset $3`;
  const json = (res, body) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const routes = {
    '/books': async (res, query) => {
      const { rows } = await pool.query(listSql, [query.get('status') ?? 'published', 15, 0]);
      json(res, {
        data: rows.map((row) => ({
          id: row.id,
          title: row.title,
          status: row.status,
          price: row.price === null ? null : Number(row.price),
          created_at: row.created_at,
          author: row.author_id === null ? null : { id: row.author_id, name: row.author_name },
        })),
        meta: { page: { number: 1, size: 15 } },
      });
    },
    '/books/count': async (res, query) => {
      const { rows } = await pool.query('select count(*)::int as count from bench_books where status = $1', [
        query.get('status') ?? 'published',
      ]);
      json(res, { meta: { count: rows[0].count } });
    },
    // `limit` for the warm-up.
    '/books.csv': (res, query) => exportBooks(pool, res, query.has('limit') ? Number(query.get('limit')) : null),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://raw');
    const route = routes[url.pathname];
    if (route === undefined) return res.writeHead(404).end();
    route(res, url.searchParams).catch((error) => res.writeHead(500).end(String(error)));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server.address().port;
}

process.on('SIGTERM', () => process.exit(0));
// The parent asks for the memory figures; with --expose-gc, after a full collection (the live heap).
process.on('message', (message) => {
  if (message !== 'memory') return;
  global.gc?.();
  process.send({ memory: process.memoryUsage() });
}); // a normal exit (writes --cpu-prof profiles, if asked)

(mode === 'raw' ? startRaw() : mode === 'sandbox' ? startSandbox() : startAgent(mode === 'agent-platform'))
  .then((started) => process.send(typeof started === 'number' ? { port: started } : started))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

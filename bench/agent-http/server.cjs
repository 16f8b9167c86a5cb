// One side of the agent-http benchmark, in its own process so that its RSS can be sampled alone.
//   node --conditions=@platform/source --require ../sql-list/register-ts.cjs server.cjs agent|raw <authSecret>
// Listens on a free port of 127.0.0.1 and sends `{ port }` to the parent over IPC.
//   agent: createAgent over createSqlDataSource (workspace sources, compiled on the fly by swc), offline
//   sandbox: a platform sandbox (@platform/agent-testing), its user 1 an Editor granted browse on
//          the books; sends { port, envSecret }
//   agent-platform: the agent connected to it (BENCH_SERVER_URL, BENCH_ENV_SECRET)
//   raw:   a minimal Express app running the same SQL by hand through `pg` (pool of 10), and a
//          `pg-cursor` export writing the same CSV with csv-stringify
const { mkdtempSync } = require('node:fs');
const { once } = require('node:events');
const os = require('node:os');
const path = require('node:path');

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

async function startRaw() {
  const express = require('express');
  const { Pool } = require('pg');
  const Cursor = require('pg-cursor');
  const { stringify } = require('csv-stringify/sync');
  const pool = new Pool({ ...DB, max: 10 });
  const app = express();

  const listSql = `select b.id, b.title, b.status, b.price, b.created_at, a.id as author_id, a.name as author_name
    from bench_books b left join bench_authors a on a.id = b.author_id
    where b.status = $1 order by b.created_at desc, b.id asc limit $2 offset $3`;
  app.get('/books', async (req, res) => {
    const { rows } = await pool.query(listSql, [req.query.status ?? 'published', 15, 0]);
    res.json({
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
  });

  app.get('/books/count', async (req, res) => {
    const { rows } = await pool.query('select count(*)::int as count from bench_books where status = $1', [
      req.query.status ?? 'published',
    ]);
    res.json({ meta: { count: rows[0].count } });
  });

  // The export a developer would write: one server-side cursor, 1000 rows per read, same columns.
  app.get('/books.csv', async (req, res) => {
    const limit = req.query.limit ? Number(req.query.limit) : null; // for the warm-up
    const client = await pool.connect();
    let closed = false;
    res.once('close', () => {
      closed = true;
    });
    try {
      const cursor = client.query(
        new Cursor(
          `select b.id, b.title, b.status, b.price, b.created_at, a.name as author_name
          from bench_books b left join bench_authors a on a.id = b.author_id order by b.id limit $1`,
          [limit],
        ),
      );
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.attachment('bench_books.csv');
      res.write(stringify([['id', 'title', 'status', 'price', 'created_at', 'author:name']]));
      while (!closed) {
        const rows = await cursor.read(1000);
        if (rows.length === 0) break;
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
        if (!res.write(chunk)) {
          const controller = new AbortController();
          await Promise.race([
            once(res, 'drain', { signal: controller.signal }),
            once(res, 'close', { signal: controller.signal }),
          ]).finally(() => controller.abort());
        }
      }
      await cursor.close();
      res.end();
    } finally {
      client.release();
    }
  });

  const server = app.listen(0, '127.0.0.1');
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

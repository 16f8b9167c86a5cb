// The floor of the public-api-notes benchmark: a bare node:http server that runs the statement the
// endpoint runs (BENCH_STATEMENT, `{ text, values }`, captured from the endpoint by run.mjs) through
// a pg pool with the endpoint's settings (pg's defaults, unnamed statements), and answers the page as
// JSON. Nothing of platform-api's: no Express, logger, rate limit, token, query check or spec shape.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'platform-api');
const { Pool } = createRequire(path.join(appDir, 'package.json'))('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL });
const { text, values } = JSON.parse(process.env.BENCH_STATEMENT);
const limit = Number(process.env.BENCH_LIMIT);

http
  .createServer(async (_req, res) => {
    try {
      const { rows } = await pool.query(text, values);
      const notes = rows[0]?.notes ?? [];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: notes.slice(0, limit), hasMore: notes.length > limit }));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));

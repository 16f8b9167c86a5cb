// The floor of the public-api-notes benchmark: a bare node:http server in front of the same raw
// statements, with nothing of platform-api's (no Express, logger, rate limiter, token check, query
// check or spec serializer). `GET /<index>` runs statement <index> of BENCH_BARE_STATEMENTS (a JSON list of
// `{ text, values }`) as a prepared statement through a pg pool, as platform-api does (PostgreSQL
// keeps planning it for each run's values: custom plans, as platform-api's page statement gets, even
// under the default plan cache mode; bench/README.md, eleventh pass), and answers its first 100
// rows as JSON. What it costs over the raw statement is what any HTTP service in
// front of the statement costs on this machine (bench/README.md, public-api-notes, tenth pass).
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'platform-api');
const { Pool } = createRequire(path.join(appDir, 'package.json'))('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
const statements = JSON.parse(process.env.BENCH_BARE_STATEMENTS);

http
  .createServer(async (req, res) => {
    const index = Number(req.url?.slice(1));
    const statement = statements[index];
    if (statement === undefined) {
      res.writeHead(404).end();
      return;
    }
    try {
      const { rows } = await pool.query({ name: `bare_${index}`, text: statement.text, values: statement.values });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: rows.slice(0, 100), hasMore: rows.length > 100 }));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));

// The floor of bench/reference: a bare node:http server running, through a `pg` pool, the
// statements our agent sends for the same requests (recorded from it), answering the records in
// our agent's JSON shape. What HTTP, the statement and JSON cost; nothing else: no framework, no
// token, no query-string parsing beyond the URL's, no filter or statement building.
//   GET /orders?status=paid         the list of 15 (sort -created_at, customer:name)
//   GET /orders/<id>                one order with customer:name
//   GET /orders/count?status=paid   the count
//   GET /orders.csv?max_id=100000   the CSV export, 1000 rows per cursor read, with back-pressure
const http = require('node:http');
const { once } = require('node:events');
const { Pool } = require('pg');
const Cursor = require('pg-cursor');
const { stringify } = require('csv-stringify/sync');
const { drained } = require('../lib/drained.cjs');

const COLUMNS = `"t0"."id" as "c0", "t0"."reference" as "c1", "t0"."status" as "c2", "t0"."amount" as "c3",
  "t0"."created_at" as "c4", "t1"."name" as "c5", "t1"."id" as "c6"`;
const FROM = `from "public"."orders" as "t0" left join "public"."customers" as "t1" on "t1"."id" = "t0"."customer_id"`;
const LIST = `select ${COLUMNS} ${FROM} where "t0"."status" = $1 order by "t0"."created_at" desc, "t0"."id" asc limit $2`;
const GET = `select ${COLUMNS} ${FROM} where "t0"."id" in ($1) order by "t0"."id" asc limit $2`;
const COUNT = `select count(*) as "v" from "public"."orders" as "t0" where "t0"."status" = $1 order by 1 desc nulls last`;
const EXPORT = `select ${COLUMNS} ${FROM} where "t0"."id" <= $1 order by "t0"."id" asc`;

const toRecord = (row) => ({
  customer: row.c6 === null ? null : { name: row.c5, id: row.c6 },
  id: row.c0,
  reference: row.c1,
  status: row.c2,
  amount: row.c3 === null ? null : Number(row.c3),
  created_at: row.c4,
});
const toCsvRow = (row) => [row.c0, row.c1, row.c2, row.c3, row.c4.toISOString(), row.c5];

function json(res, body) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function exportCsv(pool, res, maxId) {
  const client = await pool.connect();
  try {
    const cursor = client.query(new Cursor(EXPORT, [maxId]));
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    res.write(stringify([['id', 'reference', 'status', 'amount', 'created_at', 'customer:name']]));
    for (let rows = await cursor.read(1000); rows.length > 0 && !res.destroyed; rows = await cursor.read(1000)) {
      if (!res.write(stringify(rows.map(toCsvRow)))) await drained(res);
    }
    await cursor.close();
    res.end();
  } finally {
    client.release();
  }
}

async function handle(pool, req, res) {
  const url = new URL(req.url, 'http://floor');
  const status = url.searchParams.get('status') ?? 'paid';
  if (url.pathname === '/orders') return json(res, { data: (await pool.query(LIST, [status, 15])).rows.map(toRecord) });
  if (url.pathname === '/orders/count')
    return json(res, { meta: { count: Number((await pool.query(COUNT, [status])).rows[0].v) } });
  if (url.pathname === '/orders.csv') return exportCsv(pool, res, Number(url.searchParams.get('max_id')));
  const id = /^\/orders\/(\d+)$/.exec(url.pathname)?.[1];
  if (id === undefined) return res.writeHead(404).end();
  const [row] = (await pool.query(GET, [Number(id), 1])).rows;
  return row ? json(res, { data: toRecord(row) }) : res.writeHead(404).end();
}

/** Listens on a free port of 127.0.0.1; resolves to the port. */
async function startFloor(db, poolSize) {
  const pool = new Pool({ ...db, max: poolSize });
  const server = http.createServer((req, res) =>
    handle(pool, req, res).catch((error) => res.writeHead(500).end(String(error))),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server.address().port;
}

module.exports = { startFloor, LIST, GET, COUNT };

// Benchmark of SqlCollection.list and .aggregate against the same SQL through raw `pg`, on a
// PostgreSQL table of 1,000,000 books joined to 10,000 authors. See bench/README.md.
const { Client, Pool } = require('pg');
const { createSqlDataSource } = require('@platform/datasource-sql');
const toolkit = require('@platform/datasource-toolkit');

const DATABASE = 'platform_bench';
const HOST = process.env.PGHOST ?? '127.0.0.1';
const PORT = Number(process.env.PGPORT ?? 5432);
const USER = process.env.PGUSER ?? 'postgres';
const DATA_VERSION = 1;
const LIST_RUNS = 300;
const COUNT_RUNS = 40;

async function ensureDatabase() {
  const admin = new Client({ host: HOST, port: PORT, user: USER, database: 'postgres' });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
  if (rowCount === 0) await admin.query(`create database "${DATABASE}"`);
  await admin.end();

  const client = new Client({ host: HOST, port: PORT, user: USER, database: DATABASE });
  await client.connect();
  try {
    const meta = await client.query("select to_regclass('bench_meta') as name");
    if (meta.rows[0].name) {
      const { rows } = await client.query('select version from bench_meta');
      if (rows[0]?.version === DATA_VERSION) return console.log(`Reusing database ${DATABASE}.`);
    }
    console.log(`Building database ${DATABASE} (1,000,000 books, 10,000 authors; about a minute)...`);
    await client.query(`
      drop table if exists bench_books, bench_authors, bench_meta;
      create table bench_authors (id serial primary key, name varchar(100) not null, country char(2) not null);
      insert into bench_authors (name, country)
        select 'Author ' || g, (array['FR', 'US', 'GB', 'DE'])[1 + g % 4] from generate_series(1, 10000) g;
      create table bench_books (
        id serial primary key,
        title varchar(200) not null,
        author_id integer not null references bench_authors (id),
        status varchar(20) not null,
        price numeric(10, 2),
        created_at timestamptz not null
      );
      insert into bench_books (title, author_id, status, price, created_at)
        select 'Book ' || g, 1 + ((g::bigint * 7919) % 10000)::int, (array['draft', 'published', 'archived'])[1 + g % 3],
               (g % 10000) / 100.0, timestamptz '2020-01-01 00:00:00+00' + g * interval '37 seconds'
        from generate_series(1, 1000000) g;
      create index bench_books_author_id on bench_books (author_id);
      create index bench_books_created_at on bench_books (created_at);
      analyze bench_authors; analyze bench_books;
      create table bench_meta (version integer not null);
      insert into bench_meta values (${DATA_VERSION});
    `);
  } finally {
    await client.end();
  }
}

// Runs both sides alternately, so that load from other processes hits them alike.
async function measurePair(runs, ours, raw) {
  for (let i = 0; i < Math.min(30, runs); i += 1) {
    await ours.fn(); // warm-up: plans, pools, JIT
    await raw.fn();
  }
  const times = [[], []];
  for (let i = 0; i < runs; i += 1) {
    for (const side of i % 2 === 0 ? [ours, raw] : [raw, ours]) {
      const start = process.hrtime.bigint();
      await side.fn();
      times[side === ours ? 0 : 1].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return [ours, raw].map((side, index) => summarise(side.label, times[index]));
}

function summarise(label, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    label,
    runs: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

function report(ours, raw) {
  const row = (r) =>
    `  ${r.label.padEnd(34)} p50 ${r.p50.toFixed(2).padStart(8)} ms   p99 ${r.p99.toFixed(2).padStart(8)} ms   mean ${r.mean.toFixed(2).padStart(8)} ms   (${r.runs} runs)`;
  console.log(row(ours));
  console.log(row(raw));
  console.log(
    `  ratio (ours / raw)                 p50 ${(ours.p50 / raw.p50).toFixed(3)}x   mean ${(ours.mean / raw.mean).toFixed(3)}x`,
  );
}

async function main() {
  await ensureDatabase();
  const params = { dialect: 'postgres', host: HOST, port: PORT, database: DATABASE, username: USER, poolSize: 10 };
  const dataSource = await createSqlDataSource(params, { include: ['bench_books', 'bench_authors'] })(() => undefined);
  const books = dataSource.getCollection('bench_books');
  const author = Object.entries(books.schema.fields).find(
    ([, f]) => f.type === 'ManyToOne' && f.foreignKey === 'author_id',
  )[0];
  const pool = new Pool({ host: HOST, port: PORT, database: DATABASE, user: USER, max: 10 });
  const caller = {
    id: 1,
    email: 'bench@example.com',
    firstName: 'B',
    lastName: 'B',
    team: 't',
    role: 'r',
    tags: {},
    timezone: 'UTC',
  };

  // (a) one page of 15 books with their author's name, filtered and sorted.
  const filter = new toolkit.PaginatedFilter({
    conditionTree: new toolkit.ConditionTreeLeaf('status', 'Equal', 'published'),
    sort: new toolkit.Sort({ field: 'created_at', ascending: false }),
    page: new toolkit.Page(30, 15),
  });
  const projection = new toolkit.Projection('id', 'title', 'price', 'created_at', `${author}:name`);
  const rawList = `select b.id, b.title, b.price, b.created_at, a.name as author_name, a.id as author_id
    from bench_books b left join bench_authors a on a.id = b.author_id
    where b.status = $1 order by b.created_at desc, b.id asc limit $2 offset $3`;
  const [sample] = await books.list(caller, filter, projection);
  const {
    rows: [rawSample],
  } = await pool.query(rawList, ['published', 15, 30]);
  if (sample.id !== rawSample.id) throw new Error(`The two queries disagree: ${sample.id} vs ${rawSample.id}.`);

  console.log('\n(a) list: page of 15, filter status = published, sort -created_at, with author:name');
  report(
    ...(await measurePair(
      LIST_RUNS,
      { label: 'SqlCollection.list', fn: () => books.list(caller, filter, projection) },
      { label: 'raw pg (same SQL by hand)', fn: () => pool.query(rawList, ['published', 15, 30]) },
    )),
  );

  // (b) count of all books.
  const count = new toolkit.Aggregation({ operation: 'Count' });
  console.log('\n(b) count: all 1,000,000 books');
  report(
    ...(await measurePair(
      COUNT_RUNS,
      { label: 'SqlCollection.aggregate(Count)', fn: () => books.aggregate(caller, new toolkit.Filter({}), count) },
      { label: 'raw pg select count(*)', fn: () => pool.query('select count(*) from bench_books') },
    )),
  );

  await pool.end();
  await dataSource.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

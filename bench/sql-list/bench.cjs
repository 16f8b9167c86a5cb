// Benchmark of SqlCollection.list and .aggregate against the same SQL through raw `pg`, on a
// PostgreSQL table of 1,000,000 books joined to 10,000 authors. See bench/README.md.
// `--quick`: a tenth of the runs.
const { Pool } = require('pg');
const { createSqlDataSource } = require('@platform/datasource-sql');
const toolkit = require('@platform/datasource-toolkit');

const isQuick = process.argv.includes('--quick');
const LIST_RUNS = isQuick ? 30 : 300;
const COUNT_RUNS = isQuick ? 5 : 40;

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
  // The shared helpers are ES modules: imported, as this file is loaded by `require` (see run.mjs).
  const { ensureBooksDatabase, BOOKS_DATABASE } = await import('../lib/books-database.mjs');
  const { PG } = await import('../lib/postgres.mjs');
  const { measurePair } = await import('../lib/stats.mjs');
  const { describeRun } = await import('../lib/machine.mjs');
  console.log(`sql-list${isQuick ? ' --quick' : ''}: ${describeRun()}`);
  await ensureBooksDatabase();
  const { host, port, user } = PG;
  const params = { dialect: 'postgres', host, port, username: user, database: BOOKS_DATABASE, poolSize: 10 };
  const dataSource = await createSqlDataSource(params, { include: ['bench_books', 'bench_authors'] })(() => undefined);
  const books = dataSource.getCollection('bench_books');
  const author = Object.entries(books.schema.fields).find(
    ([, f]) => f.type === 'ManyToOne' && f.foreignKey === 'author_id',
  )[0];
  const pool = new Pool({ ...PG, database: BOOKS_DATABASE, max: 10 });
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

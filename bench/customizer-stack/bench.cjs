// Benchmark of the customization stack (@platform/agent) over @platform/datasource-sql on SQLite
// (a temporary file: no service needed). See bench/README.md.
//  (a) overhead: a page of 100 books with author:last_name through the whole stack with no
//      customization, vs the same call on the bare SqlCollection. Target: under 10%.
//  (b) a page of 100 with two computed fields (one over a relation) and an emulated relation:
//      queries issued (target: 1 + number of emulated relations) and time vs (a) bare.
//  (c) the stack's own cost, without the database: (a)'s page through the whole stack over a
//      collection that answers at once with a prebuilt page, vs that collection alone.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const Database = require('better-sqlite3');
const { createSqlDataSource } = require('@platform/datasource-sql');
const toolkit = require('@platform/datasource-toolkit');
const { DataSourceCustomizer } = require('@platform/agent');

const isQuick = process.argv.includes('--quick'); // a tenth of the runs
const RUNS = isQuick ? 40 : 400;
const MEAN_RUNS = isQuick ? 2000 : 20000;
const caller = {
  id: 1,
  email: 'a@b.c',
  firstName: 'A',
  lastName: 'B',
  team: 't',
  role: 'r',
  tags: {},
  timezone: 'UTC',
};
const logger = () => {};

function buildDatabase(file) {
  const db = new Database(file);
  db.exec(`
    create table authors (id integer primary key, first_name text not null, last_name text not null);
    create table books (id integer primary key, title text not null, price integer, author_id integer references authors(id));
    create table reviews (id integer primary key, book_id integer, rating integer);
    create index reviews_book_id on reviews (book_id);
  `);
  const insert = (sql, rows) => {
    const statement = db.prepare(sql);
    db.transaction(() => {
      for (const row of rows) statement.run(...row);
    })();
  };
  insert(
    'insert into authors values (?, ?, ?)',
    Array.from({ length: 1000 }, (_, i) => [i + 1, `First${i}`, `Last${i}`]),
  );
  insert(
    'insert into books values (?, ?, ?, ?)',
    Array.from({ length: 20000 }, (_, i) => [i + 1, `Book ${i}`, i % 100, (i % 1000) + 1]),
  );
  insert(
    'insert into reviews values (?, ?, ?)',
    Array.from({ length: 20000 }, (_, i) => [i + 1, i + 1, (i % 5) + 1]),
  );
  db.close();
}

/**
 * `dataSource` whose collection `name` answers `list` at once with `page` (everything else is the
 * original's). Proxies read through to the original, so that its private fields keep working.
 */
function withInstantList(dataSource, name, page) {
  const original = dataSource.getCollection(name);
  const forward = (target, property) => {
    const value = Reflect.get(target, property, target);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const collection = new Proxy(original, {
    get: (target, property) => (property === 'list' ? async () => page : forward(target, property)),
  });
  const swap = (candidate) => (candidate === original ? collection : candidate);

  return new Proxy(dataSource, {
    get(target, property) {
      if (property === 'getCollection') return (collectionName) => swap(target.getCollection(collectionName));
      if (property === 'collections') return target.collections.map(swap);
      return forward(target, property);
    },
  });
}

async function measureMean(runs, fn) {
  for (let i = 0; i < runs / 10; i += 1) await fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i += 1) await fn();
  return Number(process.hrtime.bigint() - start) / 1e3 / runs;
}

/** Wraps every collection's list to count queries. */
function countLists(dataSource, counter) {
  for (const collection of dataSource.collections) {
    const list = collection.list.bind(collection);
    collection.list = (...args) => {
      counter[collection.name] = (counter[collection.name] ?? 0) + 1;
      return list(...args);
    };
  }
  return dataSource;
}

function report(ours, base) {
  const line = (r) =>
    `  ${r.label.padEnd(44)} p50 ${r.p50.toFixed(3).padStart(8)} ms   p99 ${r.p99.toFixed(3).padStart(8)} ms   mean ${r.mean.toFixed(3).padStart(8)} ms`;
  console.log(line(ours));
  console.log(line(base));
  console.log(
    `  ratio (ours / base)                          p50 ${(ours.p50 / base.p50).toFixed(3)}x   mean ${(ours.mean / base.mean).toFixed(3)}x`,
  );
}

async function main() {
  // The shared helpers are ES modules: imported, as this file is loaded by `require` (see run.mjs).
  const { measurePair } = await import('../lib/stats.mjs');
  const { describeRun } = await import('../lib/machine.mjs');
  console.log(`customizer-stack${isQuick ? ' --quick' : ''}: ${describeRun()}`);
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-customizer-'));
  const file = path.join(directory, 'library.db');
  try {
    buildDatabase(file);
    const bare = await createSqlDataSource(`sqlite:${file}`)(logger);
    const plain = await new DataSourceCustomizer()
      .addDataSource(createSqlDataSource(`sqlite:${file}`))
      .getDataSource(logger);

    const counter = {};
    const customized = await new DataSourceCustomizer()
      .addDataSource(async (log) => countLists(await createSqlDataSource(`sqlite:${file}`)(log), counter))
      .customizeCollection('books', (books) =>
        books
          .addField('priceWithTax', {
            columnType: 'Number',
            dependencies: ['price'],
            getValues: (records) => records.map((r) => r.price * 1.2),
          })
          .addField('authorName', {
            columnType: 'String',
            dependencies: ['author:first_name', 'author:last_name'],
            getValues: (records) => records.map((r) => `${r.author.first_name} ${r.author.last_name}`),
          })
          .addOneToOneRelation('review', 'reviews', { originKey: 'book_id' }),
      )
      .getDataSource(logger);

    const filter = new toolkit.PaginatedFilter({
      conditionTree: new toolkit.ConditionTreeLeaf('price', 'GreaterThan', 10),
      sort: new toolkit.Sort({ field: 'id', ascending: true }),
      page: new toolkit.Page(100, 100),
    });
    const projection = new toolkit.Projection('id', 'title', 'price', 'author:last_name');
    const list =
      (dataSource, p = projection) =>
      () =>
        dataSource.getCollection('books').list(caller, filter, p);

    const [ours] = await list(plain)();
    const [base] = await list(bare)();
    if (JSON.stringify(ours) !== JSON.stringify(base)) throw new Error('The stack and the bare collection disagree.');

    console.log('(a) page of 100 books with author:last_name, a filter and a sort: full stack, no customization');
    report(
      ...(await measurePair(
        RUNS,
        { label: 'customization stack (no customization)', fn: list(plain) },
        { label: 'bare SqlCollection.list', fn: list(bare) },
        { warmUp: 50 },
      )),
    );

    for (const key of Object.keys(counter)) delete counter[key];
    const customProjection = new toolkit.Projection('id', 'priceWithTax', 'authorName', 'review:rating');
    const page = await list(customized, customProjection)();
    console.log(
      `\n(b) page of ${page.length} with two computed fields (one over a relation) and an emulated relation:` +
        ` queries ${JSON.stringify(counter)} (target: books 1 + reviews 1)`,
    );
    report(
      ...(await measurePair(
        RUNS,
        { label: 'customized (2 computed + emulated relation)', fn: list(customized, customProjection) },
        { label: 'bare SqlCollection.list', fn: list(bare) },
        { warmUp: 50 },
      )),
    );

    const instant = withInstantList(bare, 'books', await list(bare)());
    const overInstant = await new DataSourceCustomizer().addDataSource(async () => instant).getDataSource(logger);
    const [viaStack] = await list(overInstant)();
    if (JSON.stringify(viaStack) !== JSON.stringify(base)) throw new Error('The stack changed the records.');
    console.log(
      `\n(c) the stack's own cost: (a)'s page through the whole stack over a collection that answers at once`,
    );
    for (let round = 0; round < 3; round += 1) {
      const stackMean = await measureMean(MEAN_RUNS, list(overInstant));
      const childMean = await measureMean(MEAN_RUNS, list(instant));
      console.log(
        `  round ${round + 1}: stack over the instant collection ${stackMean.toFixed(2).padStart(6)} µs per list` +
          `   the instant collection alone ${childMean.toFixed(2).padStart(5)} µs`,
      );
    }

    await Promise.all([bare.close(), plain.close(), customized.close()]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// platform_bench: 1,000,000 books of 10,000 authors, the data of sql-list, agent-http and
// mcp-list, built once with generate_series and reused by later runs.
import { ensureDatabase } from './postgres.mjs';

export const BOOKS_DATABASE = 'platform_bench';

export function ensureBooksDatabase() {
  return ensureDatabase({
    name: BOOKS_DATABASE,
    version: 1,
    describe: '1,000,000 books, 10,000 authors; about a minute',
    build: (client) =>
      client.query(`
        drop table if exists bench_books, bench_authors;
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
      `),
  });
}

// The data of bench/reference, built once with generate_series and reused by later runs:
//   platform_bench_reference: 1,000,000 orders (5 statuses of 200,000 each) of 10,000 customers;
//   platform_bench_reference_wide: 200 empty tables of 8 columns, each with a foreign key to the
//   previous one, for the start time of an agent that introspects a large schema.
import { ensureDatabase } from '../lib/postgres.mjs';

export const ORDERS_DATABASE = 'platform_bench_reference';
export const WIDE_DATABASE = 'platform_bench_reference_wide';
export const WIDE_TABLES = 200;

export async function ensureReferenceDatabases() {
  await ensureDatabase({
    name: ORDERS_DATABASE,
    version: 1,
    describe: '1,000,000 orders, 10,000 customers; about a minute',
    build: async (client) => {
      await client.query(`
        drop table if exists orders, customers;
        create table customers (
          id serial primary key,
          name varchar(100) not null,
          email varchar(200) not null,
          country char(2) not null,
          created_at timestamptz not null
        );
        insert into customers (name, email, country, created_at)
          select 'Customer ' || g, 'customer' || g || '@example.com', (array['FR', 'US', 'GB', 'DE'])[1 + g % 4],
                 timestamptz '2019-01-01 00:00:00+00' + g * interval '1 hour'
          from generate_series(1, 10000) g;
        create table orders (
          id serial primary key,
          reference varchar(40) not null,
          customer_id integer not null references customers (id),
          status varchar(20) not null,
          amount numeric(10, 2),
          created_at timestamptz not null
        );
        insert into orders (reference, customer_id, status, amount, created_at)
          select 'ORD-' || lpad(g::text, 7, '0'), 1 + ((g::bigint * 7919) % 10000)::int,
                 (array['pending', 'paid', 'shipped', 'delivered', 'cancelled'])[1 + g % 5],
                 (g % 100000) / 100.0, timestamptz '2020-01-01 00:00:00+00' + g * interval '37 seconds'
          from generate_series(1, 1000000) g;
        create index orders_customer_id on orders (customer_id);
        create index orders_created_at on orders (created_at);
        create index orders_status on orders (status);
      `);
      // The steady state autovacuum reaches: statistics, and a visibility map for index-only scans.
      await client.query('vacuum analyze customers');
      await client.query('vacuum analyze orders');
    },
  });
  await ensureDatabase({
    name: WIDE_DATABASE,
    version: 1,
    describe: `${WIDE_TABLES} tables`,
    build: async (client) => {
      for (let index = 1; index <= WIDE_TABLES; index += 1) {
        const parent = index > 1 ? `, parent_id integer references ${wideTable(index - 1)} (id)` : '';
        await client.query(`drop table if exists ${wideTable(index)} cascade;
          create table ${wideTable(index)} (
            id serial primary key, name varchar(100) not null, status varchar(20), amount numeric(10, 2),
            is_active boolean not null default true, created_at timestamptz not null default now(),
            updated_at timestamptz${parent}
          )`);
      }
    },
  });
}

function wideTable(index) {
  return `wide_${String(index).padStart(3, '0')}`;
}

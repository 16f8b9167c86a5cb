/**
 * Test helpers for the shared services (PostgreSQL, MariaDB, Redis).
 *
 * `describeWithService('postgres', 'name', fn)` runs the block when the service answered the probe
 * made by the jest global setup. Otherwise the block is skipped with the reason in its name, or,
 * under `PLATFORM_REQUIRE_SERVICES=1` (as in CI), it fails with a test that says what is missing.
 * Each test file gets its own uniquely named database from `createPostgresDatabase` /
 * `createMariaDbDatabase` and drops it in `afterAll`, so suites can run in parallel.
 */
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';

const { SERVICES } = require('../jest/probe-services.cjs') as {
  SERVICES: Record<ServiceName, { host: string; port: number }>;
};

export type ServiceName = 'postgres' | 'mariadb' | 'redis';

const LABELS: Record<ServiceName, string> = { postgres: 'PostgreSQL', mariadb: 'MariaDB', redis: 'Redis' };

export function isServiceRequired(): boolean {
  return process.env.PLATFORM_REQUIRE_SERVICES === '1';
}

export function isServiceAvailable(service: ServiceName): boolean {
  const available = process.env.PLATFORM_SERVICES_AVAILABLE;
  if (available === undefined) return false;
  return available.split(',').includes(service);
}

function whereIs(service: ServiceName): string {
  const { host, port } = SERVICES[service];
  return `${LABELS[service]} at ${host}:${port}`;
}

/** `describe` that needs a running service: skipped with its reason, or failing under PLATFORM_REQUIRE_SERVICES=1. */
export function describeWithService(services: ServiceName | ServiceName[], name: string, fn: () => void): void {
  const missing = [services].flat().filter((service) => !isServiceAvailable(service));
  if (missing.length === 0) {
    describe(name, fn);
    return;
  }
  const reason = `${missing.map(whereIs).join(', ')} not reachable`;
  if (isServiceRequired()) {
    describe(name, () => {
      test(`requires ${reason}`, () => {
        throw new Error(`${reason}; PLATFORM_REQUIRE_SERVICES=1 makes a missing service a failure.`);
      });
    });
    return;
  }
  console.warn(`[skipped] ${name}: ${reason}`);
  describe.skip(`${name} [skipped: ${reason}]`, fn);
}

/** A database name unique to this process and moment, safe to use unquoted. */
export function uniqueDatabaseName(prefix = 'test'): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
}

export interface TestDatabase {
  name: string;
  /** Connection URI of the new database. */
  uri: string;
  host: string;
  port: number;
  user: string;
  password: string;
  drop(): Promise<void>;
}

export function postgresUri(database = 'postgres'): string {
  const { host, port } = SERVICES.postgres;
  return `postgres://${process.env.PGUSER ?? 'postgres'}@${host}:${port}/${database}`;
}

export function mariaDbUri(database = ''): string {
  const { host, port } = SERVICES.mariadb;
  return `mysql://${process.env.MYSQL_USER ?? 'root'}@${host}:${port}/${database}`;
}

export function redisUrl(): string {
  const { host, port } = SERVICES.redis;
  return `redis://${host}:${port}`;
}

/** Creates a fresh PostgreSQL database; call `drop()` in afterAll. */
export async function createPostgresDatabase(prefix?: string): Promise<TestDatabase> {
  const name = uniqueDatabaseName(prefix);
  const admin = new Client({ connectionString: postgresUri() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const { host, port } = SERVICES.postgres;
  return {
    name,
    uri: postgresUri(name),
    host,
    port,
    user: process.env.PGUSER ?? 'postgres',
    password: '',
    async drop() {
      const client = new Client({ connectionString: postgresUri() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Creates a fresh MariaDB database; call `drop()` in afterAll. */
export async function createMariaDbDatabase(prefix?: string): Promise<TestDatabase> {
  const name = uniqueDatabaseName(prefix);
  const { host, port } = SERVICES.mariadb;
  const user = process.env.MYSQL_USER ?? 'root';
  const admin = await createConnection({ host, port, user, password: '' });
  try {
    await admin.query(`CREATE DATABASE \`${name}\``);
  } finally {
    await admin.end();
  }
  return {
    name,
    uri: mariaDbUri(name),
    host,
    port,
    user,
    password: '',
    async drop() {
      const connection = await createConnection({ host, port, user, password: '' });
      try {
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await connection.end();
      }
    },
  };
}

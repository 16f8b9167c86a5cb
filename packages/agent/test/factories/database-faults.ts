import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';
import type { SqlAgent } from './sql-agent';

export type FaultKind = 'postgres' | 'mariadb';

/**
 * What an operator or a failing server does to an agent's database connections, from connections
 * of the test's own: every one is on the agent's per-test database, and only the agent's
 * connections to it are ever ended.
 */
export interface DatabaseFaults {
  /** Ends every connection the agent holds, busy or idle (`pg_terminate_backend`, `KILL`); resolves how many. */
  dropAgentConnections(): Promise<number>;
  /** Makes the agent's reads and writes of `table` wait until `release()` (a table lock). */
  lockTable(table: string): Promise<{ release(): Promise<void> }>;
  /** Makes the agent's writes of one row wait until `release()` (reads still pass). */
  lockRow(table: string, id: number): Promise<{ release(): Promise<void> }>;
  /**
   * Resolves the connection ids of the agent's statements waiting on a lock, once there is one
   * whose connection is not in `seen` (so that a retry is told apart from the statement it replaced).
   */
  waitForBlockedAgent(seen?: readonly number[]): Promise<number[]>;
  close(): Promise<void>;
}

interface Session {
  query(sql: string): Promise<Record<string, unknown>[]>;
  end(): Promise<void>;
}

export async function openDatabaseFaults(kind: FaultKind, agent: SqlAgent): Promise<DatabaseFaults> {
  const dialect = kind === 'postgres' ? POSTGRES : MARIADB;
  const monitor = await dialect.open(agent.databaseUri);
  const lockers: Session[] = [];
  // The agent's connections are those of its database but these sessions' and the fixture's.
  const spared = [
    await dialect.connectionId(monitor),
    ...(kind === 'mariadb' ? [Number((await agent.query<{ id: number }>('select connection_id() as id'))[0]?.id)] : []),
  ];

  async function holdLock(statements: readonly string[], release: string) {
    const locker = await dialect.open(agent.databaseUri);
    lockers.push(locker);
    spared.push(await dialect.connectionId(locker));
    for (const statement of statements) await locker.query(statement);

    return { release: async () => void (await locker.query(release)) };
  }

  return {
    async dropAgentConnections() {
      const ids = (await monitor.query(dialect.agentConnections(spared))).map((row) => Number(row.id));
      // In one round trip, as a restart would: one call per connection would let a read retried
      // on a connection not ended yet meet the next call instead of a server that is back.
      if (ids.length > 0) await monitor.query(dialect.end(ids));
      return ids.length;
    },
    lockTable: (table) => holdLock(dialect.lockTable(table), dialect.unlock),
    lockRow: (table, id) => holdLock(dialect.lockRow(table, id), 'rollback'),
    async waitForBlockedAgent(seen = []) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const ids = (await monitor.query(dialect.blockedAgentConnections(spared))).map((row) => Number(row.id));
        if (ids.some((id) => !seen.includes(id))) return ids;
        // Not faster: InnoDB refreshes information_schema.innodb_trx only when it was not read for 100 ms.
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      throw new Error('No statement of the agent waits on the lock after 7.5 seconds.');
    },
    async close() {
      for (const session of [...lockers, monitor]) await session.end().catch(() => undefined);
    },
  };
}

interface FaultDialect {
  open(uri: string): Promise<Session>;
  connectionId(session: Session): Promise<number>;
  agentConnections(spared: readonly number[]): string;
  blockedAgentConnections(spared: readonly number[]): string;
  /** Ends the connections `ids` in one round trip. */
  end(ids: readonly number[]): string;
  lockTable(table: string): string[];
  lockRow(table: string, id: number): string[];
  unlock: string;
}

// The agent's pool names itself `platform-agent` (application_name).
const POSTGRES: FaultDialect = {
  async open(uri) {
    const client = new Client({ connectionString: uri });
    await client.connect();
    return { query: async (sql) => (await client.query(sql)).rows, end: () => client.end() };
  },
  connectionId: async (session) => Number((await session.query('select pg_backend_pid() as id'))[0]?.id),
  agentConnections: () =>
    `select pid as id from pg_stat_activity
     where datname = current_database() and application_name = 'platform-agent'`,
  blockedAgentConnections: () =>
    `select pid as id from pg_stat_activity
     where datname = current_database() and application_name = 'platform-agent' and wait_event_type = 'Lock'`,
  end: (ids) => `select pg_terminate_backend(pid) from unnest(array[${ids.join(', ')}]) as pid`,
  lockTable: (table) => ['begin', `lock table "${table}" in access exclusive mode`],
  lockRow: (table, id) => ['begin', `select id from "${table}" where id = ${id} for update`],
  unlock: 'rollback',
};

const MARIADB: FaultDialect = {
  async open(uri) {
    const connection = await createConnection({ uri, multipleStatements: true });
    return {
      query: async (sql) => {
        const [rows] = await connection.query(sql);
        return (Array.isArray(rows) ? rows : []) as Record<string, unknown>[];
      },
      end: () => connection.end(),
    };
  },
  connectionId: async (session) => Number((await session.query('select connection_id() as id'))[0]?.id),
  agentConnections: (spared) =>
    `select id from information_schema.processlist
     where db = database() and command <> 'Killed' and id not in (${spared.join(', ')})`,
  blockedAgentConnections: (spared) =>
    `select id from information_schema.processlist
     where db = database() and id not in (${spared.join(', ')})
       and (state like 'Waiting for table%'
         or id in (select trx_mysql_thread_id from information_schema.innodb_trx where trx_state = 'LOCK WAIT'))`,
  // Several statements in one query: the monitor connection allows it (multipleStatements).
  end: (ids) => ids.map((id) => `kill ${id}`).join('; '),
  lockTable: (table) => [`lock tables \`${table}\` write`],
  lockRow: (table, id) => ['start transaction', `select id from \`${table}\` where id = ${id} for update`],
  unlock: 'unlock tables',
};

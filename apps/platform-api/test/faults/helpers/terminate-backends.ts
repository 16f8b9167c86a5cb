import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

/**
 * Terminates every connection to `database` (never its own), as an operator's
 * `pg_terminate_backend` or a failover would; returns how many. `adminUrl` points at another
 * database of the same server.
 */
export async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ count: string }>(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS count
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await admin.end();
  }
}

/** How many connections to `database` are LISTENing on `channel` (their last statement). */
export async function listeningConnections(adminUrl: string, database: string, channel: string): Promise<number> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_stat_activity WHERE datname = $1 AND query = $2`,
      [database, `LISTEN ${channel}`],
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await admin.end();
  }
}

/** `listeningConnections`, polled until one LISTENs or `withinMs` passes: the count last seen. */
export async function listeningConnectionsWithin(
  adminUrl: string,
  database: string,
  channel: string,
  withinMs: number,
): Promise<number> {
  const deadline = Date.now() + withinMs;
  let listening = await listeningConnections(adminUrl, database, channel);
  while (listening === 0 && Date.now() < deadline) {
    await sleep(100);
    listening = await listeningConnections(adminUrl, database, channel);
  }
  return listening;
}

import pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client';
import { pgliteOf, pgPoolOf } from './driver-shortcuts';

export interface ListenChannelOptions {
  readonly onNotification: (payload: string | undefined) => void;
  /** The LISTEN connection broke (PostgreSQL only); nothing is delivered after it. */
  readonly onLost: (error?: unknown) => void;
}

/**
 * LISTENs on `channel` of the client's database until the returned function is called. On
 * PostgreSQL it holds one connection of its own (a pooled one could not keep listening); on the
 * embedded PGlite, notifications are delivered in-process by PGlite itself.
 */
export async function listenChannel(
  prisma: PrismaClient,
  channel: string,
  options: ListenChannelOptions,
): Promise<() => Promise<void>> {
  const pglite = pgliteOf(prisma);
  if (pglite) return pglite.listen(channel, options.onNotification);

  const pool = pgPoolOf(prisma);
  if (!pool) throw new Error('LISTEN needs a database client made by createPrismaClient.');
  const client = new pg.Client(pool.options);
  let isClosing = false;
  const onLost = (error?: unknown) => {
    if (isClosing) return;
    isClosing = true;
    client.end().catch(() => {});
    options.onLost(error);
  };
  client.on('notification', (message) => {
    if (message.channel === channel) options.onNotification(message.payload);
  });
  client.on('error', onLost);
  client.on('end', () => onLost());
  try {
    await client.connect();
    // Channel names are our own constants, never user input: LISTEN takes no parameters.
    await client.query(`LISTEN ${channel}`);
  } catch (error) {
    isClosing = true;
    await client.end().catch(() => {});
    throw error;
  }
  return async () => {
    isClosing = true;
    await client.end().catch(() => {});
  };
}

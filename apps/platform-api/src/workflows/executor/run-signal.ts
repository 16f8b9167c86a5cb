import type { AppContext } from '../../context';

/** The database channel workers LISTEN on to pick up a queued run without waiting for their poll. */
export const RUN_QUEUED_CHANNEL = 'platform_workflow_runs';

/**
 * Wakes the workers of every instance: a run was queued. Sent through the database (delivered at
 * commit inside a transaction); workers also poll, so a lost signal only delays a run.
 */
export async function signalRunQueued(context: AppContext): Promise<void> {
  await context.prisma.$executeRaw`SELECT pg_notify(${RUN_QUEUED_CHANNEL}, '')`;
}

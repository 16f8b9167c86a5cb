import { createHash } from 'node:crypto';
import { parseIntrospection } from '@platform/datasource-sql';
import type { AppContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client';
import { openSealed } from '../sealed-secret';
import type { BundleToRun } from './child/child-protocol';

// The runner's reads and writes of the cloud tables.

/** What a hosted environment should run, as the database says now. */
export interface CloudEnvironmentState {
  readonly environmentId: number;
  readonly port: number | null;
  readonly agentUrl: string | null;
  /** Changes when the operator sets another connection or new agent secrets: a new child then. */
  readonly configKey: string;
  /** The newest bundle not Failed nor Superseded: what the hosted agent should run. */
  readonly bundle: BundleRef | null;
  /**
   * When the introspection was cleared (`platform-api cloud reintrospect`): a hosted agent live since
   * before then starts again, reading the database anew. Null while an introspection is stored.
   */
  readonly reintrospectionRequestedAt: Date | null;
}

export interface BundleRef {
  readonly id: number;
  readonly version: number;
}

export async function listCloudEnvironments(context: AppContext): Promise<CloudEnvironmentState[]> {
  const rows = await context.prisma.cloudEnvironment.findMany({
    select: {
      environmentId: true,
      connection: true,
      agentSecrets: true,
      port: true,
      introspectedAt: true,
      updatedAt: true,
      environment: { select: { agentUrl: true } },
      bundles: {
        where: { status: { in: ['Pending', 'Live'] } },
        orderBy: { version: 'desc' },
        take: 1,
        select: { id: true, version: true },
      },
    },
    orderBy: { environmentId: 'asc' },
  });
  return rows.map((row) => ({
    environmentId: row.environmentId,
    port: row.port,
    agentUrl: row.environment.agentUrl,
    configKey: createHash('sha256').update(row.connection).update('\n').update(row.agentSecrets).digest('hex'),
    bundle: row.bundles[0] ?? null,
    // A cleared introspectedAt: the row's last change is the request. (The runner's one write while it
    // is null, the port, comes before any hosted agent went live.)
    reintrospectionRequestedAt: row.introspectedAt === null ? row.updatedAt : null,
  }));
}

/** What a child is started with: the opened connection and secrets, and the bundle's code. */
export interface ChildStart {
  readonly connection: string;
  readonly envSecret: string;
  readonly authSecret: string;
  readonly bundle: BundleToRun | null;
}

/** Opens the sealed connection and agent secrets of an environment; null when it is no longer hosted. */
export async function loadChildStart(
  context: AppContext,
  environmentId: number,
  bundle: BundleRef | null,
): Promise<ChildStart | null> {
  const row = await context.prisma.cloudEnvironment.findUnique({
    where: { environmentId },
    select: { connection: true, agentSecrets: true },
  });
  if (!row) return null;
  const secrets = JSON.parse(await openSealed(context, row.agentSecrets)) as {
    envSecret?: unknown;
    authSecret?: unknown;
  };
  if (typeof secrets.envSecret !== 'string' || typeof secrets.authSecret !== 'string') {
    throw new Error(`The agent secrets of environment ${environmentId} lack envSecret or authSecret.`);
  }
  const code =
    bundle === null
      ? null
      : await context.prisma.cloudBundle.findUnique({ where: { id: bundle.id }, select: { code: true } });
  return {
    connection: await openSealed(context, row.connection),
    envSecret: secrets.envSecret,
    authSecret: secrets.authSecret,
    bundle: bundle === null || code === null ? null : { version: bundle.version, code: code.code },
  };
}

/**
 * Stores the introspection a child read (validated: the child is the platform's code, but it
 * runs beside the customer's). Throws on an invalid one.
 */
export async function storeIntrospection(context: AppContext, environmentId: number, value: unknown): Promise<void> {
  const introspection = parseIntrospection(value);
  await context.prisma.cloudEnvironment.updateMany({
    where: { environmentId },
    data: { introspection: introspection as unknown as Prisma.InputJsonValue, introspectedAt: context.now() },
  });
}

/** The bundle is served: Live, and the ones before it that were Live or never ran are Superseded. */
export async function markBundleLive(context: AppContext, environmentId: number, bundle: BundleRef): Promise<void> {
  await context.prisma.$transaction([
    context.prisma.cloudBundle.update({
      where: { id: bundle.id },
      data: { status: 'Live', liveAt: context.now(), error: null },
    }),
    context.prisma.cloudBundle.updateMany({
      where: { environmentId, version: { lt: bundle.version }, status: { in: ['Live', 'Pending'] } },
      data: { status: 'Superseded' },
    }),
  ]);
}

export async function markBundleFailed(context: AppContext, bundle: BundleRef, error: string): Promise<void> {
  await context.prisma.cloudBundle.updateMany({
    where: { id: bundle.id, status: 'Pending' },
    data: { status: 'Failed', error },
  });
}

/**
 * Gives the environment `port` unless another runner gave it one meanwhile; false when it could
 * not (another environment holds the port, or this one got another).
 */
export async function claimPort(context: AppContext, environmentId: number, port: number): Promise<boolean> {
  try {
    const { count } = await context.prisma.cloudEnvironment.updateMany({
      where: { environmentId, port: null },
      data: { port },
    });
    return count === 1;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'P2002') return false;
    throw error;
  }
}

export async function setAgentUrl(context: AppContext, environmentId: number, agentUrl: string): Promise<void> {
  await context.prisma.environment.update({ where: { id: environmentId }, data: { agentUrl } });
}

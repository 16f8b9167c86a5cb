import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { environmentTargetSchema } from '../agents/agent-admin-schemas';
import type { AppContext } from '../context';
import { ConflictError } from '../errors';
import { generateEnvironmentSecret, hashEnvironmentSecret } from '../identity/environment-secret';
import { findNamedEnvironment } from '../projects/environment-lookup';
import { bundleVersions } from './bundle-versions';
import { CLOUD_ADMIN_LOG_ACTIONS, logEnvironmentEvent } from './cloud-admin-log';
import { NotACloudEnvironmentError } from './cloud-errors';
import { seal } from './sealed-secret';

// What operators do to cloud environments (`platform-api cloud …`, docs/cloud.md "Operator
// commands"). The connection and the hosted agent's secrets are stored sealed (sealed-secret.ts);
// nothing here returns or logs them, except the new environment secret, returned once by `enable`.

type Target = z.output<typeof environmentTargetSchema>;

/** A cloud environment as operators list it: never its connection or secrets. */
export interface CloudEnvironmentView {
  readonly environmentId: number;
  readonly organization: string;
  readonly project: string;
  readonly environment: string;
  readonly kind: string;
  readonly port: number | null;
  readonly introspectedAt: Date | null;
  readonly latestVersion: number | null;
  readonly liveVersion: number | null;
  readonly createdAt: Date;
}

/** The hosted agent's own secrets, sealed together in `CloudEnvironment.agentSecrets`. */
export interface CloudAgentSecrets {
  readonly envSecret: string;
  readonly authSecret: string;
}

/** The connection as sealed in `CloudEnvironment.connection`. */
export interface CloudConnection {
  readonly uri: string;
}

/**
 * Makes `target` a cloud environment whose agent the platform hosts on `databaseUrl` (checked by
 * the caller, see database-url.ts). Generates a new environment secret, which replaces the old one
 * (an agent connected with it is refused from now on), and the agent's auth secret. Returns the
 * environment secret in clear, once. ConflictError when it is a cloud environment already.
 */
export async function enableCloudEnvironment(
  context: AppContext,
  target: Target,
  databaseUrl: string,
): Promise<{ readonly environment: CloudEnvironmentView; readonly environmentSecret: string }> {
  const environment = await findNamedEnvironment(context, target);
  const existing = await context.prisma.cloudEnvironment.findUnique({ where: { environmentId: environment.id } });
  if (existing) {
    throw new ConflictError(
      `Environment ${environment.name} of project ${environment.project.name} is a cloud environment already; \`cloud connection set\` replaces its connection.`,
    );
  }
  const envSecret = generateEnvironmentSecret();
  const secrets: CloudAgentSecrets = { envSecret, authSecret: randomBytes(32).toString('hex') };
  const connection: CloudConnection = { uri: databaseUrl };
  const [sealedConnection, sealedSecrets] = await Promise.all([
    seal(context, JSON.stringify(connection)),
    seal(context, JSON.stringify(secrets)),
  ]);
  await context.prisma.$transaction([
    context.prisma.environment.update({
      where: { id: environment.id },
      data: { secretHash: hashEnvironmentSecret(envSecret) },
    }),
    context.prisma.cloudEnvironment.create({
      data: { environmentId: environment.id, connection: sealedConnection, agentSecrets: sealedSecrets, kind: 'sql' },
    }),
  ]);
  await logEnvironmentEvent(context, environment, CLOUD_ADMIN_LOG_ACTIONS.enable, {
    details: { kind: 'sql', environmentSecretReplaced: true },
  });
  const [view] = await listCloudEnvironments(context, { environmentId: environment.id });
  return { environment: view as CloudEnvironmentView, environmentSecret: envSecret };
}

/** Replaces the sealed connection of cloud environment `target`; the hosted agent uses it from its next start. */
export async function setCloudConnection(context: AppContext, target: Target, databaseUrl: string): Promise<void> {
  const environment = await findCloudEnvironment(context, target);
  const connection: CloudConnection = { uri: databaseUrl };
  await context.prisma.cloudEnvironment.update({
    where: { environmentId: environment.id },
    data: { connection: await seal(context, JSON.stringify(connection)) },
  });
  await logEnvironmentEvent(context, environment, CLOUD_ADMIN_LOG_ACTIONS.setConnection);
}

/**
 * Stops hosting `target`'s agent: deletes its cloud row with its connection, secrets, bundles and
 * log lines. The environment and its secret stay (an agent run elsewhere may connect with it).
 */
export async function disableCloudEnvironment(
  context: AppContext,
  target: Target,
): Promise<{ readonly deletedBundles: number }> {
  const environment = await findCloudEnvironment(context, target);
  const deletedBundles = await context.prisma.cloudBundle.count({ where: { environmentId: environment.id } });
  await context.prisma.cloudEnvironment.delete({ where: { environmentId: environment.id } });
  await logEnvironmentEvent(context, environment, CLOUD_ADMIN_LOG_ACTIONS.disable, { details: { deletedBundles } });
  return { deletedBundles };
}

/**
 * Asks for a new introspection: clears `introspectedAt`, which the runner reads as "read the
 * database again" (docs/cloud.md). The introspection route answers 409 `not_introspected` until then.
 */
export async function requestReintrospection(context: AppContext, target: Target): Promise<void> {
  const environment = await findCloudEnvironment(context, target);
  await context.prisma.cloudEnvironment.update({
    where: { environmentId: environment.id },
    data: { introspectedAt: null },
  });
  await logEnvironmentEvent(context, environment, CLOUD_ADMIN_LOG_ACTIONS.reintrospect);
}

/** Every cloud environment (or one), by organization, project and name, with their versions. */
export async function listCloudEnvironments(
  context: AppContext,
  filter: { readonly environmentId?: number } = {},
): Promise<CloudEnvironmentView[]> {
  const rows = await context.prisma.cloudEnvironment.findMany({
    where: filter.environmentId === undefined ? {} : { environmentId: filter.environmentId },
    select: {
      environmentId: true,
      kind: true,
      port: true,
      introspectedAt: true,
      createdAt: true,
      environment: {
        select: { name: true, project: { select: { name: true, organization: { select: { name: true } } } } },
      },
    },
  });
  const versionsOf = await bundleVersions(
    context,
    rows.map((row) => row.environmentId),
  );
  const views = rows.map((row) => ({
    environmentId: row.environmentId,
    organization: row.environment.project.organization.name,
    project: row.environment.project.name,
    environment: row.environment.name,
    kind: row.kind,
    port: row.port,
    introspectedAt: row.introspectedAt,
    ...versionsOf(row.environmentId),
    createdAt: row.createdAt,
  }));
  return views.sort((a, b) =>
    [a.organization, a.project, a.environment]
      .join('\u0000')
      .localeCompare([b.organization, b.project, b.environment].join('\u0000')),
  );
}

async function findCloudEnvironment(context: AppContext, target: Target) {
  const environment = await findNamedEnvironment(context, target);
  const cloud = await context.prisma.cloudEnvironment.findUnique({ where: { environmentId: environment.id } });
  if (!cloud) {
    throw new NotACloudEnvironmentError(
      `Environment ${environment.name} of project ${environment.project.name} is not a cloud environment: \`cloud enable\` makes it one.`,
    );
  }
  return environment;
}

import type { z } from 'zod';
import { publishAgentEvent } from '../agent-events/agent-events';
import type { AppContext } from '../context';
import { ValidationError } from '../errors';
import { findNamedEnvironment } from '../projects/environment-lookup';
import type { chartsSchema, GrantInput } from './agent-admin-schemas';
import { logEnvironmentChange } from './environment-change-log';

// Roles' rights in an environment (the admin CLI's `permissions`).

const RIGHT_COLUMNS = {
  browse: 'canBrowse',
  read: 'canRead',
  add: 'canAdd',
  edit: 'canEdit',
  delete: 'canDelete',
  export: 'canExport',
} as const;

function refuseAdmin(role: string): void {
  if (role === 'Admin') throw new ValidationError('The Admin role has every right already; grant other roles.');
}

/** Adds rights (and triggerable actions) of a role on a collection; what it had stays. */
export async function grantCollectionRights(context: AppContext, input: GrantInput): Promise<void> {
  refuseAdmin(input.role);
  if (input.rights.length === 0 && input.actions.length === 0)
    throw new ValidationError('Name rights or actions to grant.');
  const environment = await findNamedEnvironment(context, input);
  const key = { environmentId: environment.id, role: input.role, collectionName: input.collection };
  const existing = await context.prisma.collectionPermission.findUnique({
    where: { environmentId_role_collectionName: key },
  });
  const rights = Object.fromEntries(input.rights.map((right) => [RIGHT_COLUMNS[right], true]));
  const actions = [...new Set([...(existing?.actions ?? []), ...input.actions])].sort();
  await context.prisma.collectionPermission.upsert({
    where: { environmentId_role_collectionName: key },
    create: { ...key, ...rights, actions },
    update: { ...rights, actions },
  });
  await logEnvironmentChange(context, environment, 'agent.permission.grant', {
    role: input.role,
    collection: input.collection,
    rights: input.rights,
    actions: input.actions,
  });
  await publishAgentEvent(context, environment.id, 'refresh-permissions');
}

/** Removes rights (and actions) of a role on a collection; the row goes once nothing is left. */
export async function revokeCollectionRights(context: AppContext, input: GrantInput): Promise<void> {
  refuseAdmin(input.role);
  if (input.rights.length === 0 && input.actions.length === 0)
    throw new ValidationError('Name rights or actions to revoke.');
  const environment = await findNamedEnvironment(context, input);
  const key = { environmentId: environment.id, role: input.role, collectionName: input.collection };
  const existing = await context.prisma.collectionPermission.findUnique({
    where: { environmentId_role_collectionName: key },
  });
  if (existing) {
    const rights = Object.fromEntries(input.rights.map((right) => [RIGHT_COLUMNS[right], false]));
    const updated = await context.prisma.collectionPermission.update({
      where: { environmentId_role_collectionName: key },
      data: { ...rights, actions: existing.actions.filter((action) => !input.actions.includes(action)) },
    });
    const hasAny = Object.values(RIGHT_COLUMNS).some((column) => updated[column]) || updated.actions.length > 0;
    if (!hasAny)
      await context.prisma.collectionPermission.delete({ where: { environmentId_role_collectionName: key } });
  }
  await logEnvironmentChange(context, environment, 'agent.permission.revoke', {
    role: input.role,
    collection: input.collection,
    rights: input.rights,
    actions: input.actions,
  });
  await publishAgentEvent(context, environment.id, 'refresh-permissions');
}

/** Allows or denies charts to a role in an environment. */
export async function setChartsRight(context: AppContext, input: z.output<typeof chartsSchema>): Promise<void> {
  refuseAdmin(input.role);
  const environment = await findNamedEnvironment(context, input);
  const key = { environmentId: environment.id, role: input.role };
  await context.prisma.rolePermission.upsert({
    where: { environmentId_role: key },
    create: { ...key, charts: input.allowed },
    update: { charts: input.allowed },
  });
  await logEnvironmentChange(context, environment, 'agent.permission.charts', {
    role: input.role,
    allowed: input.allowed,
  });
  await publishAgentEvent(context, environment.id, 'refresh-permissions');
}

import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';

/** The admin-log actions of the cloud feature (docs/cloud.md). */
export const CLOUD_ADMIN_LOG_ACTIONS = {
  approveDevice: 'cloud_device.approve',
  denyDevice: 'cloud_device.deny',
  createLogin: 'cloud_login.create',
  revokeLogin: 'cloud_login.revoke',
  enable: 'cloud_environment.enable',
  setConnection: 'cloud_environment.set_connection',
  disable: 'cloud_environment.disable',
  reintrospect: 'cloud_environment.reintrospect',
  uploadBundle: 'cloud_bundle.upload',
} as const;

/** Why a login was revoked: by its CLI (`/cloud/v1/revoke`), an operator, or a reused refresh token. */
export type LoginRevocationReason = 'revocation_endpoint' | 'operator' | 'refresh_token_reuse';

/**
 * An entry about a user's CLI login or device approval. A login is the user's, not a project's:
 * the entry has no project. `isActingUser`: the user did it (approved, signed in, signed out);
 * otherwise the platform or an operator did, and the user is named in the details.
 */
export function logLoginEvent(
  context: AppContext,
  event: {
    readonly user: { readonly id: number; readonly email: string };
    readonly isActingUser: boolean;
    readonly action: string;
    readonly target: { readonly type: 'cloud_login' | 'cloud_device_code'; readonly id: string | number };
    readonly details: Readonly<Record<string, unknown>>;
  },
): Promise<void> {
  const { user, isActingUser } = event;
  return recordAdminLog(context, {
    userId: isActingUser ? user.id : null,
    userEmail: isActingUser ? user.email : null,
    action: event.action,
    targetType: event.target.type,
    targetId: event.target.id,
    details: { ...(isActingUser ? {} : { userEmail: user.email }), ...event.details },
  });
}

/** An entry about a cloud environment, in its project's log. */
export function logEnvironmentEvent(
  context: AppContext,
  environment: {
    readonly id: number;
    readonly name: string;
    readonly projectId: number;
    readonly project: { readonly organizationId: number };
  },
  action: string,
  options: {
    readonly user?: { readonly id: number; readonly email: string };
    readonly details?: Readonly<Record<string, unknown>>;
  } = {},
): Promise<void> {
  return recordAdminLog(context, {
    organizationId: environment.project.organizationId,
    projectId: environment.projectId,
    userId: options.user?.id ?? null,
    userEmail: options.user?.email ?? null,
    action,
    targetType: 'environment',
    targetId: environment.id,
    details: { environment: environment.name, ...options.details },
  });
}

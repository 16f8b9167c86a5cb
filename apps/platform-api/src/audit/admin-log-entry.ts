/**
 * One administrative operation to record: who (user and/or token), what (`action`), on what
 * (`targetType`, `targetId`) and where (organization, project). The time is the context clock's.
 *
 * Actions are dotted `<target>.<verb>` names such as `token.create`; see docs/tokens.md for the
 * list written by the tokens feature.
 */
export interface AdminLogEntry {
  readonly organizationId?: number | null;
  readonly projectId?: number | null;
  readonly userId?: number | null;
  readonly userEmail?: string | null;
  /** Set when the operation was made with an application token. */
  readonly tokenId?: number | null;
  readonly action: string;
  readonly targetType: string;
  readonly targetId?: string | number | null;
  /** JSON-serialisable context; never secrets. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The admin-log actions written by the application-token feature. */
export const TOKEN_ADMIN_LOG_ACTIONS = {
  create: 'token.create',
  revoke: 'token.revoke',
  use: 'token.use',
} as const;

export const TOKEN_TARGET_TYPE = 'application_token';

/** Every scope an application token may carry (spec §5.4). */
export const TOKEN_SCOPES = ['activity_logs:read', 'admin_logs:read', 'notes:read', 'notes:write', 'all'] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A scope naming one capability; `all` is a wildcard over them. */
export type ConcreteScope = Exclude<TokenScope, 'all'>;

/** Read-Only tokens view; Read-Write tokens may also create and update (spec §5.3). */
export const PERMISSION_LEVELS = ['read-only', 'read-write'] as const;

export type PermissionLevelName = (typeof PERMISSION_LEVELS)[number];

export function isWriteScope(scope: ConcreteScope): boolean {
  return scope.endsWith(':write');
}

/**
 * Whether a token holding `scopes` at `level` may use `required`.
 *
 * `all` grants every scope on a Read-Write token, but only the read scopes on a Read-Only one:
 * the permission level caps what the wildcard means, so `all` never lets a Read-Only token write.
 */
export function grantsScope(
  scopes: readonly TokenScope[],
  level: PermissionLevelName,
  required: ConcreteScope,
): boolean {
  if (isWriteScope(required) && level !== 'read-write') return false;
  return scopes.includes(required) || scopes.includes('all');
}

export function isTokenScope(value: string): value is TokenScope {
  return (TOKEN_SCOPES as readonly string[]).includes(value);
}

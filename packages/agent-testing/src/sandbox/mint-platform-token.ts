import {
  formatMcpScopes,
  MCP_SCOPES,
  type McpScope,
  PLATFORM_TOKEN_ISSUER,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  type PlatformUser,
  platformTokenAudience,
} from '@platform/platform-contract';
import type { SigningKeys } from './signing-keys';
import { userClaims } from './user-claims';

export interface MintUserTokenOptions {
  readonly purpose?: 'workflow' | 'mcp';
  /** Lifetime in seconds (default and maximum 15 minutes); negative for an expired token. */
  readonly expiresInSeconds?: number;
  /**
   * On an `mcp` token, the OAuth scopes granted, written to the `scope` claim. An `mcp` token
   * without it may call no MCP tool.
   */
  readonly scope?: readonly McpScope[];
  /** Overrides any claim (to mint a token for another audience, say). */
  readonly claims?: Record<string, unknown>;
}

/** @internal A platform-minted user token for `user` of `environment`, signed with the current key. */
export function mintPlatformToken(
  keys: SigningKeys,
  environment: { readonly id: number; readonly projectId: number },
  user: PlatformUser,
  now: Date,
  options: MintUserTokenOptions = {},
): Promise<string> {
  const purpose = options.purpose ?? 'workflow';
  const scope = options.scope;
  if (scope !== undefined) {
    if (purpose !== 'mcp') throw new Error("A token's scope is for MCP: mint it with purpose: 'mcp'.");
    const unknown = scope.filter((word) => !MCP_SCOPES.includes(word));
    if (unknown.length > 0)
      throw new Error(`Unknown MCP scope ${unknown.join(', ')}; scopes are ${MCP_SCOPES.join(', ')}.`);
  }
  const iat = Math.floor(now.getTime() / 1000);

  return keys.sign({
    iss: PLATFORM_TOKEN_ISSUER,
    aud: platformTokenAudience(environment.id),
    iat,
    exp: iat + (options.expiresInSeconds ?? PLATFORM_TOKEN_MAX_LIFETIME_SECONDS),
    purpose,
    ...userClaims(user, environment),
    ...(scope === undefined ? {} : { scope: formatMcpScopes(scope) }),
    ...options.claims,
  });
}

import type { McpScope } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { hashOpaqueSecret, newOpaqueSecret } from './opaque-secret';

/** How long an MCP authorization code may be exchanged. */
export const MCP_CODE_TTL_MS = 60_000;

/** What a code is bound to besides its grant (client, user, environment). */
export interface McpCodeBinding {
  readonly grantId: number;
  /** The exact redirect URI of the authorization request; the token request must repeat it. */
  readonly redirectUri: string;
  /** The PKCE S256 challenge; the token request must send its verifier. */
  readonly codeChallenge: string;
  readonly scopes: readonly McpScope[];
  /** The MCP server the tokens are for (RFC 8707). */
  readonly resource: string;
}

/** Issues a one-time code (256 random bits; only its SHA-256 is stored), valid one minute. */
export async function issueMcpCode(context: AppContext, binding: McpCodeBinding): Promise<string> {
  const code = newOpaqueSecret();
  const now = context.now();
  await context.prisma.mcpAuthorizationCode.create({
    data: {
      codeHash: hashOpaqueSecret(code),
      grantId: binding.grantId,
      redirectUri: binding.redirectUri,
      codeChallenge: binding.codeChallenge,
      scopes: [...binding.scopes],
      resource: binding.resource,
      createdAt: now,
      expiresAt: new Date(now.getTime() + MCP_CODE_TTL_MS),
    },
  });
  return code;
}

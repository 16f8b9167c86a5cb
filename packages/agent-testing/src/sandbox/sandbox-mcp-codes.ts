import { createHash, randomBytes } from 'node:crypto';
import type { McpScope } from '@platform/platform-contract';
import type { SandboxEnvironment } from './sandbox-environment';

/** MCP authorization codes live this long, as sign-in codes and on platform-api. */
const CODE_LIFETIME_MS = 60_000;

/** What the user approved; the code is bound to it. */
export interface McpApproval {
  readonly environment: SandboxEnvironment;
  readonly clientId: string;
  readonly userId: number;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly scopes: readonly McpScope[];
  readonly resource: string;
}

/** The `authorization_code` grant as the client sent it. */
export interface McpCodeRedemption {
  readonly code: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeVerifier: string;
  readonly resource?: string;
}

/** A redemption's outcome: the approval, or why the grant is refused (`invalid_grant`). */
export type McpCodeOutcome = { readonly approval: McpApproval } | { readonly refusal: string };

interface IssuedCode extends McpApproval {
  readonly expiresAt: number;
  isUsed: boolean;
}

/**
 * @internal The sandbox's MCP authorization codes, kept hashed, on the sandbox's clock: single-use,
 * bound to the environment, the client, the exact redirect URI, the PKCE challenge (S256) and the
 * resource. A refused redemption leaves the code usable, as the sign-in codes' exchange does.
 */
export class SandboxMcpCodes {
  private readonly codes = new Map<string, IssuedCode>();

  constructor(private readonly now: () => Date) {}

  issue(approval: McpApproval): string {
    const code = randomBytes(32).toString('base64url');
    const expiresAt = this.now().getTime() + CODE_LIFETIME_MS;
    this.codes.set(hash(code), { ...approval, scopes: [...approval.scopes], expiresAt, isUsed: false });
    return code;
  }

  redeem(environment: SandboxEnvironment, redemption: McpCodeRedemption): McpCodeOutcome {
    const issued = this.codes.get(hash(redemption.code));
    if (issued === undefined || issued.environment !== environment) return { refusal: 'The code is not valid.' };
    if (issued.isUsed) return { refusal: 'The code was already used; authorize again.' };
    if (issued.expiresAt <= this.now().getTime()) return { refusal: 'The code expired; authorize again.' };
    if (issued.clientId !== redemption.clientId) return { refusal: 'The code was issued to another client.' };
    if (issued.redirectUri !== redemption.redirectUri) {
      return { refusal: 'The redirect URI differs from the one the code was issued for.' };
    }
    if (pkceChallengeOf(redemption.codeVerifier) !== issued.codeChallenge) {
      return { refusal: 'The code verifier does not match the code challenge.' };
    }
    if (redemption.resource !== undefined && redemption.resource !== issued.resource) {
      return { refusal: 'The resource differs from the one the code was issued for.' };
    }
    issued.isUsed = true;

    return { approval: issued };
  }
}

/** The S256 code challenge of a PKCE verifier (RFC 7636 §4.2). */
export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function hash(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

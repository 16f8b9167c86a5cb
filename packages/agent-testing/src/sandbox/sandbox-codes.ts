import { createHash, randomBytes } from 'node:crypto';
import type { PlatformUser } from '@platform/platform-contract';
import type { SandboxEnvironment } from './sandbox-environment';

/** One-time sign-in codes live this long, as on platform-api. */
const CODE_LIFETIME_MS = 60_000;

interface IssuedCode {
  readonly environment: SandboxEnvironment;
  readonly userId: number;
  readonly redirectUri: string;
  readonly expiresAt: number;
  isUsed: boolean;
}

/** A code exchange's outcome: the user, or why the grant is refused (platform-api's wording). */
export type CodeExchange = { readonly user: PlatformUser } | { readonly refusal: string };

/**
 * The sandbox's authorization codes, kept hashed, on the sandbox's clock. Exchanges check in
 * platform-api's order, so a wrong redirect URI or a refused one leaves the code usable.
 */
export class SandboxCodes {
  private readonly codes = new Map<string, IssuedCode>();

  constructor(private readonly now: () => Date) {}

  issue(environment: SandboxEnvironment, userId: number, redirectUri: string): string {
    const code = randomBytes(32).toString('base64url');
    const expiresAt = this.now().getTime() + CODE_LIFETIME_MS;
    this.codes.set(hashCode(code), { environment, userId, redirectUri, expiresAt, isUsed: false });
    return code;
  }

  exchange(environment: SandboxEnvironment, code: string, redirectUri: string): CodeExchange {
    const issued = this.codes.get(hashCode(code));
    if (issued === undefined || issued.environment !== environment) return { refusal: 'The code is not valid.' };
    if (issued.isUsed) return { refusal: 'The code was already used; sign in again.' };
    if (issued.expiresAt <= this.now().getTime()) return { refusal: 'The code expired; sign in again.' };
    if (issued.redirectUri !== redirectUri) {
      return { refusal: 'The redirect URI differs from the one the code was issued for.' };
    }
    issued.isUsed = true;
    const user = environment.listUsers().find((candidate) => candidate.id === issued.userId);
    if (user === undefined) return { refusal: 'The user no longer has access to this environment.' };
    return { user };
  }
}

function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

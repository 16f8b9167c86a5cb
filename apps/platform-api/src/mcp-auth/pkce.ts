import { createHash, timingSafeEqual } from 'node:crypto';

/** The S256 challenge of a PKCE verifier (RFC 7636 §4.2): base64url(SHA-256(verifier)). */
export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether `verifier` is the one `challenge` was made from (S256 only: `plain` is never accepted). */
export function isPkceVerifierValid(verifier: string, challenge: string): boolean {
  const expected = Buffer.from(pkceChallengeOf(verifier));
  const actual = Buffer.from(challenge);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

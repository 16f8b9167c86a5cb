import { tokenAuthenticationError } from './token-errors';

/**
 * The credential of an `Authorization: Bearer <value>` header. The scheme is case-insensitive
 * (RFC 9110 §11.1); a missing or empty header is 'missing', any other scheme or shape 'invalid'.
 */
export function readBearerToken(header: string | undefined): string {
  if (header === undefined || header.trim() === '') throw tokenAuthenticationError('missing');
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) throw tokenAuthenticationError('invalid');
  return match[1];
}

/** @internal One part of a compact JWS, decoded (the signature is checked by the agent's own tests). */
export function decodeJwtPart(token: string, index: 0 | 1): unknown {
  const part = token.split('.')[index];
  if (part === undefined) throw new Error('The token is not a compact JWS.');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

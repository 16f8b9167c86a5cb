const REDACTED = '[redacted]';

/** `text` with every occurrence of `secret` replaced, so a provider echoing the key cannot leak it. */
export function redactSecret(text: string, secret: string): string {
  return secret.length === 0 ? text : text.split(secret).join(REDACTED);
}

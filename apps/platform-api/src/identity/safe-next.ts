/** Where a sign-in lands when no valid `next` was given: the signed-in page. */
export const DEFAULT_NEXT = '/login';

const PROBE_ORIGIN = 'http://platform.invalid';

/**
 * `value` when it is a path on this origin (`/oauth/authorize?x=1`), else `DEFAULT_NEXT`. Refuses
 * absolute URLs, protocol-relative ones (`//evil.example`), backslashes (which browsers read as
 * slashes) and control characters, so `next` cannot send a freshly signed-in user elsewhere.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return DEFAULT_NEXT;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (/[\\\u0000-\u001f\u007f]/.test(value) || value.length > 2048) return DEFAULT_NEXT;
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}

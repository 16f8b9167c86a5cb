import type { Response } from 'express';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Refuses a sign-in as platform-api's authorize page does: an HTML error page (never a redirect,
 * never JSON: a browser shows it), kept out of caches and frames.
 */
export function refuseSignIn(res: Response, status: 400 | 403, message: string): void {
  const text = message.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
    })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cannot sign in to the agent</title></head>` +
        `<body><h1>Cannot sign in to the agent</h1><p role="alert">${text}</p></body></html>`,
    );
}

/**
 * Whether `candidate` lies under the agent URL `base` as platform-api checks it: same origin, no
 * credentials, and a path at or below the base path (so `/api-other` or `/api/../x` do not pass).
 */
export function isUnderAgentUrl(candidate: string, base: string): boolean {
  let target: URL;
  let root: URL;
  try {
    target = new URL(candidate);
    root = new URL(base);
  } catch {
    return false;
  }
  if (target.origin !== root.origin || target.username !== '' || target.password !== '') return false;
  const rootPath = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  return target.pathname === root.pathname || target.pathname.startsWith(rootPath);
}

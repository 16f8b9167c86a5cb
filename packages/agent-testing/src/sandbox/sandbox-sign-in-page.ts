import type { Response } from 'express';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Refuses a sign-in as platform-api's authorize pages do: an HTML error page (never a redirect,
 * never JSON: a browser shows it), kept out of caches and frames. `title` names what failed.
 */
export function refuseSignIn(
  res: Response,
  status: 400 | 403,
  message: string,
  title = 'Cannot sign in to the agent',
): void {
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
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body><h1>${title}</h1><p role="alert">${text}</p></body></html>`,
    );
}

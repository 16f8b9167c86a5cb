import type { Response } from 'express';

/**
 * Sends a server-rendered page with headers that keep it out of caches and frames, and that only
 * let it run its inline styles (no scripts at all). Its forms may only submit to this origin, plus
 * `formActionOrigins`: browsers apply `form-action` to every redirect that follows a submission too.
 */
export function sendPage(
  res: Response,
  status: number,
  page: string,
  options: { readonly formActionOrigins?: readonly string[] } = {},
): void {
  const formAction = ["'self'", ...(options.formActionOrigins ?? [])].join(' ');
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
    })
    .send(page);
}

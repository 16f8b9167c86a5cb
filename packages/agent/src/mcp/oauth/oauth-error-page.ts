import type { Response } from 'express';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * An authorization request refused before its redirect URI is trusted: shown to the user as a
 * page, never redirected (OAuth 2.1 §4.1.2.1), never cached nor framed.
 */
export function sendOAuthErrorPage(res: Response, status: number, message: string): void {
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "default-src 'none'" })
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cannot authorize the client</title></head>` +
        `<body><h1>Cannot authorize the client</h1><p>${escapeHtml(message)}</p></body></html>`,
    );
}

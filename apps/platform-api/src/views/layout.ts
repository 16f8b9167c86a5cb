import { html, SafeHtml } from './html';

/** Kept inline: the pages are tiny and must work without any asset route. */
const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2129; }
  main { width: min(24rem, calc(100vw - 2rem)); background: #fff; border-radius: 12px; padding: 2rem;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.08), 0 8px 24px rgb(0 0 0 / 0.06); }
  h1 { font-size: 1.4rem; margin: 0 0 1.25rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
  input { width: 100%; padding: 0.6rem 0.7rem; font: inherit; border: 1px solid #c6cad1; border-radius: 8px; }
  input:focus { outline: 2px solid #3b6ef5; outline-offset: 1px; border-color: transparent; }
  button, .button { display: block; width: 100%; margin-top: 1.5rem; padding: 0.65rem; font: inherit; font-weight: 600;
    border: 0; border-radius: 8px; background: #3b6ef5; color: #fff; cursor: pointer; text-align: center;
    text-decoration: none; }
  .secondary { background: #eef1f6; color: #1d2129; margin-top: 0.75rem; }
  .alert { padding: 0.7rem 0.9rem; border-radius: 8px; background: #fdecec; color: #8a1c1c; margin-bottom: 1rem; }
  .separator { text-align: center; color: #6b7280; margin: 1.25rem 0 0; }
`;

export function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title}</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`.toString();
}

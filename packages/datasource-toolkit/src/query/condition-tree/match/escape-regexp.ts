/**
 * Escapes the syntax characters of `text` so that it matches itself in a regular expression, with
 * or without the `u` flag (which rejects needless escapes such as `\-`).
 *
 * @example new RegExp(`^${escapeRegExp('1+1')}`) // matches '1+1=2', not '11'
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

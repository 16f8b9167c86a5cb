/**
 * The regular expression of a `Match` condition: a `RegExp`, a string `/pattern/flags`, or a bare
 * pattern. The stateful `g` and `y` flags are dropped so that testing never depends on a previous
 * test (and so that no driver reads `g` as another flag: MongoDB's BSON encoder writes it as `s`).
 *
 * @throws SyntaxError or TypeError when the value is not a valid regular expression.
 * @example parseRegExp('/^dune/i').test('Dune Messiah') // true
 */
export function parseRegExp(value: unknown): RegExp {
  if (value instanceof RegExp) return new RegExp(value.source, value.flags.replace(/[gy]/g, ''));
  if (typeof value !== 'string') throw new TypeError(`Expected a regular expression, got ${typeof value}.`);

  const literal = /^\/(.*)\/([a-z]*)$/s.exec(value);
  if (!literal) return new RegExp(value);

  return new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/g, ''));
}

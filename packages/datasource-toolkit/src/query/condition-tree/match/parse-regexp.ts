/**
 * The regular expression of a `Match` condition: a `RegExp`, a string `/pattern/flags`, or a bare
 * pattern. The stateful `g` and `y` flags are dropped so that testing never depends on a previous test.
 * @throws SyntaxError or TypeError when the value is not a valid regular expression.
 * @internal
 */
export function parseRegExp(value: unknown): RegExp {
  if (value instanceof RegExp) return new RegExp(value.source, value.flags.replace(/[gy]/g, ''));
  if (typeof value !== 'string') throw new TypeError(`Expected a regular expression, got ${typeof value}.`);

  const literal = /^\/(.*)\/([a-z]*)$/s.exec(value);
  if (!literal) return new RegExp(value);

  return new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/g, ''));
}

import { escapeRegExp, likeToRegExp, parseRegExp } from '@platform/datasource-toolkit';

/** The expression as a driver that keeps only the `i` and `m` flags sends it (MongoDB's BSON encoder). */
const withoutUnknownFlags = (regExp: RegExp) => new RegExp(regExp.source, regExp.flags.replace(/[^im]/g, ''));

describe('likeToRegExp', () => {
  test('matches the whole string, % as any run and _ as one character', () => {
    const regExp = likeToRegExp('D_n%', false);

    expect(regExp.test('Dune Messiah')).toBe(true);
    expect(regExp.test('dune')).toBe(false);
    expect(regExp.test('A Dune')).toBe(false);
  });

  test('ignores case when asked', () => {
    expect(likeToRegExp('d%', true).test('Dune')).toBe(true);
  });

  test('matches across line breaks without the s flag, which drivers may drop', () => {
    const encoded = withoutUnknownFlags(likeToRegExp('a%b_', false));

    expect(encoded.test('a\nb\n')).toBe(true);
  });

  test('takes _ as one code point, not half of a surrogate pair', () => {
    expect(likeToRegExp('_', false).test('😀')).toBe(true);
  });

  test('compiles each pattern once', () => {
    expect(likeToRegExp('cached%', true)).toBe(likeToRegExp('cached%', true));
  });
});

describe('escapeRegExp', () => {
  test.each(['', 'u'])('makes every syntax character match itself (flags "%s")', (flags) => {
    const text = ['.*+?^$', '{}()|[]\\/-'].join('');

    expect(new RegExp(`^${escapeRegExp(text)}$`, flags).test(text)).toBe(true);
  });
});

describe('parseRegExp', () => {
  test('reads a /source/flags literal, a bare source or a RegExp', () => {
    expect(parseRegExp('/^d/i').test('Dune')).toBe(true);
    expect(parseRegExp('^d').test('Dune')).toBe(false);
    expect(parseRegExp(/u.e$/).test('Dune')).toBe(true);
  });

  test('drops the stateful g and y flags, which a driver may read as another flag', () => {
    expect(parseRegExp('/a/gimy').flags).toBe('im');
    expect(parseRegExp(/a/gy).flags).toBe('');
  });

  test.each([
    ['an invalid source', '/(/', SyntaxError],
    ['a value that is not text', 42, TypeError],
  ])('refuses %s', (_case, value, errorClass) => {
    expect(() => parseRegExp(value)).toThrow(errorClass);
  });
});

import { DEFAULT_NEXT, safeNextPath } from '../../src/identity/safe-next';

describe('safeNextPath', () => {
  test.each([
    ['/'],
    ['/oauth/authorize?client_id=a&redirect_uri=http%3A%2F%2Flocalhost'],
    ['/me#top'],
    // Percent-encoded, a backslash is only a character of the path, which stays on this origin.
    ['/%5Cevil.example'],
  ])('keeps the same-origin path %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  test('normalises dot segments, staying on this origin', () => {
    expect(safeNextPath('/a/../b')).toBe('/b');
  });

  test.each([
    ['undefined', undefined],
    ['an array (repeated query parameter)', ['/a', '/b']],
    ['an empty string', ''],
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'me'],
    ['a newline', '/a\n/b'],
    ['an overlong path', `/${'a'.repeat(3000)}`],
  ])('falls back for %s', (_label, value) => {
    expect(safeNextPath(value)).toBe(DEFAULT_NEXT);
  });
});

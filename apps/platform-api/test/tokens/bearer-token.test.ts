import { readBearerToken } from '../../src/tokens/bearer-token';

function failureOf(header: string | undefined) {
  try {
    readBearerToken(header);
  } catch (error) {
    return {
      name: (error as Error).name,
      reason: (error as { reason?: string }).reason,
      message: (error as Error).message,
    };
  }
  throw new Error('expected readBearerToken to throw');
}

describe('readBearerToken', () => {
  test('returns the credential of a Bearer header', () => {
    expect(readBearerToken('Bearer plat_abc')).toBe('plat_abc');
  });

  test('accepts the scheme in any case', () => {
    expect(readBearerToken('bearer plat_abc')).toBe('plat_abc');
    expect(readBearerToken('BEARER plat_abc')).toBe('plat_abc');
  });

  test.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['a blank header', '   '],
  ])('reports %s as a missing token', (_name, header) => {
    expect(failureOf(header)).toEqual({
      name: 'AuthenticationError',
      reason: 'missing',
      message: 'Invalid or missing application token.',
    });
  });

  test.each([
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a scheme without a credential', 'Bearer'],
    ['a scheme and blanks only', 'Bearer   '],
    ['a credential without a scheme', 'plat_abc'],
    ['two credentials', 'Bearer plat_abc plat_def'],
  ])('reports %s as an invalid token', (_name, header) => {
    expect(failureOf(header)).toEqual({
      name: 'AuthenticationError',
      reason: 'invalid',
      message: 'Invalid or missing application token.',
    });
  });
});

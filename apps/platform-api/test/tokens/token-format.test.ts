import { crc32 } from 'node:zlib';
import {
  checksumOf,
  displayPrefixOf,
  generateToken,
  hashesMatch,
  hashToken,
  parseToken,
  TOKEN_LENGTH,
  TOKEN_PREFIX,
} from '../../src/tokens/token-format';

/** Replaces the character at `index` with a different base62 character. */
function withTypo(value: string, index: number): string {
  const replacement = value[index] === 'a' ? 'b' : 'a';
  return value.slice(0, index) + replacement + value.slice(index + 1);
}

describe('token format', () => {
  test('a generated value is plat_ + 43 base62 random characters + a 6-character checksum', () => {
    const { value } = generateToken();

    expect(value).toMatch(/^plat_[0-9A-Za-z]{43}[0-9A-Za-z]{6}$/);
    expect(value).toHaveLength(TOKEN_LENGTH);
    expect(TOKEN_LENGTH).toBe(54);
  });

  test('the checksum is the CRC32 of the random part in base62', () => {
    const { value } = generateToken();
    const randomPart = value.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + 43);

    const checksum = value.slice(-6);

    expect(checksum).toBe(checksumOf(randomPart));
    expect(Number.parseInt(decodeBase62(checksum).toString(), 10)).toBe(crc32(randomPart));
  });

  test('two generated values differ', () => {
    const values = new Set(Array.from({ length: 200 }, () => generateToken().value));

    expect(values.size).toBe(200);
  });

  test('the random part uses the whole alphabet (it is not hex or a narrower encoding)', () => {
    const characters = new Set(
      Array.from({ length: 100 }, () => generateToken().value.slice(5, 48))
        .join('')
        .split(''),
    );

    expect(characters.size).toBe(62);
  });

  test('the stored hash is the hex SHA-256 of the whole value, and differs from the value', () => {
    const token = generateToken();

    expect(token.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token.hash).toBe(hashToken(token.value));
    expect(token.hash).not.toContain(token.value.slice(5));
  });

  test('the display prefix is plat_ and 4 random characters', () => {
    const token = generateToken();

    expect(token.displayPrefix).toBe(token.value.slice(0, 9));
    expect(displayPrefixOf(token.value)).toBe(token.displayPrefix);
  });

  test('parses a generated value as valid', () => {
    const { value } = generateToken();

    expect(parseToken(value)).toEqual({ isValid: true, value });
  });

  test.each([
    ['a typo in the random part', 10],
    ['a typo in the first random character', 5],
    ['a typo in the checksum', 50],
  ])('rejects %s by its checksum', (_name, index) => {
    const { value } = generateToken();

    expect(parseToken(withTypo(value, index))).toEqual({ isValid: false, problem: 'checksum' });
  });

  test.each([
    ['an empty value', ''],
    ['another prefix', `ghp_${'a'.repeat(49)}`],
    ['an upper-case prefix', `PLAT_${'a'.repeat(49)}`],
    ['a value one character short', `plat_${'a'.repeat(48)}`],
    ['a value one character long', `plat_${'a'.repeat(50)}`],
    ['a character outside base62', `plat_${'a'.repeat(42)}-${'a'.repeat(6)}`],
    ['surrounding whitespace', ` plat_${'a'.repeat(49)}`],
  ])('rejects %s by its shape', (_name, value) => {
    expect(parseToken(value)).toEqual({ isValid: false, problem: 'shape' });
  });

  test('rejects a well-shaped value whose checksum does not match', () => {
    expect(parseToken(`plat_${'a'.repeat(49)}`)).toEqual({ isValid: false, problem: 'checksum' });
  });

  test('compares hashes in constant time and only equal ones match', () => {
    const hash = hashToken('x');

    expect(hashesMatch(hash, hashToken('x'))).toBe(true);
    expect(hashesMatch(hash, hashToken('y'))).toBe(false);
    expect(hashesMatch(hash, hash.slice(1))).toBe(false);
  });
});

function decodeBase62(text: string): bigint {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return [...text].reduce((value, character) => value * 62n + BigInt(alphabet.indexOf(character)), 0n);
}

import {
  DEFAULT_SCRYPT_PARAMETERS,
  hashPassword,
  parsePasswordHash,
  verifyAgainstDummyHash,
  verifyPassword,
} from '../../src/identity/password-hasher';

/** Cheap parameters keep the suite fast; the format and checks do not depend on the cost. */
const FAST = { N: 1024, r: 8, p: 1 };

describe('password hasher', () => {
  test('writes scrypt$N$r$p$salt$hash with the default cost and base64url parts', async () => {
    const hash = await hashPassword('correct horse battery staple');

    const [scheme, n, r, p, salt, key, ...rest] = hash.split('$');
    expect({ scheme, n, r, p, rest }).toEqual({
      scheme: 'scrypt',
      n: String(DEFAULT_SCRYPT_PARAMETERS.N),
      r: String(DEFAULT_SCRYPT_PARAMETERS.r),
      p: String(DEFAULT_SCRYPT_PARAMETERS.p),
      rest: [],
    });
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32);
    expect(salt).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  test('verifies the password it hashed', async () => {
    const hash = await hashPassword('s3cret-pa55word', FAST);

    await expect(verifyPassword('s3cret-pa55word', hash)).resolves.toBe(true);
  });

  test('uses a fresh salt for each hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same', FAST), hashPassword('same', FAST)]);

    expect(first).not.toBe(second);
  });

  test('verifies with the parameters stored in the hash, not the current defaults', async () => {
    const hash = await hashPassword('old-password', { N: 2048, r: 4, p: 2 });

    expect(hash.startsWith('scrypt$2048$4$2$')).toBe(true);
    await expect(verifyPassword('old-password', hash)).resolves.toBe(true);
  });

  test('treats equivalent Unicode spellings of a password alike (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9-latte', FAST);

    await expect(verifyPassword('cafe\u0301-latte', hash)).resolves.toBe(true);
  });

  test('rejects a wrong password', async () => {
    const hash = await hashPassword('right-password', FAST);

    await expect(verifyPassword('wrong-password', hash)).resolves.toBe(false);
  });

  test('rejects a password differing only in case', async () => {
    const hash = await hashPassword('Right-Password', FAST);

    await expect(verifyPassword('right-password', hash)).resolves.toBe(false);
  });

  test('rejects a hash whose derived key was altered', async () => {
    const hash = await hashPassword('right-password', FAST);
    const parts = hash.split('$');
    const key = Buffer.from(parts[5] ?? '', 'base64url');
    key[0] = (key[0] ?? 0) ^ 0xff;
    const tampered = [...parts.slice(0, 5), key.toString('base64url')].join('$');

    await expect(verifyPassword('right-password', tampered)).resolves.toBe(false);
  });

  test('rejects a hash whose salt was altered', async () => {
    const hash = await hashPassword('right-password', FAST);
    const parts = hash.split('$');
    const tampered = [...parts.slice(0, 4), Buffer.alloc(16, 7).toString('base64url'), parts[5]].join('$');

    await expect(verifyPassword('right-password', tampered)).resolves.toBe(false);
  });

  test('rejects a hash whose cost parameters were altered', async () => {
    const hash = await hashPassword('right-password', FAST);

    await expect(verifyPassword('right-password', hash.replace('scrypt$1024$', 'scrypt$2048$'))).resolves.toBe(false);
  });

  test.each([
    ['an empty string', ''],
    ['another scheme', 'bcrypt$10$abc$def$ghi$jkl'],
    ['too few parts', 'scrypt$1024$8$1$c2FsdA'],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['N beyond the accepted maximum', 'scrypt$4194304$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['a non-numeric r', 'scrypt$1024$x$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['a zero p', 'scrypt$1024$8$0$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['a salt that is not base64url', 'scrypt$1024$8$1$c2Fs+dA==$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['a key too short to be ours', 'scrypt$1024$8$1$c2FsdHNhbHQ$a2V5'],
  ])('rejects, without throwing, a stored value with %s', async (_label, stored) => {
    expect(parsePasswordHash(stored)).toBeUndefined();
    await expect(verifyPassword('anything', stored)).resolves.toBe(false);
  });

  test('the dummy verification always fails and costs about as much as a real one', async () => {
    const real = await hashPassword('right-password');

    const realStart = process.hrtime.bigint();
    await verifyPassword('wrong-password', real);
    const realMs = Number(process.hrtime.bigint() - realStart) / 1e6;
    const dummyStart = process.hrtime.bigint();
    const result = await verifyAgainstDummyHash('wrong-password');
    const dummyMs = Number(process.hrtime.bigint() - dummyStart) / 1e6;

    expect(result).toBe(false);
    // Same parameters, so the same work; the wide bounds only absorb a shared, noisy machine.
    expect(dummyMs).toBeGreaterThan(realMs / 4);
    expect(dummyMs).toBeLessThan(realMs * 4);
  });
});

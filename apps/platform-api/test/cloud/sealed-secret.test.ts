import { openSealed, seal } from '../../src/cloud/sealed-secret';
import { createTestContext, type TestContext } from '../helpers/test-context';

const URL_WITH_PASSWORD = 'postgres://shop:s3cret-pa55word@db.example.test:5432/shop';

describe('seal and openSealed', () => {
  let platform: TestContext;
  let otherDatabase: TestContext;

  beforeAll(async () => {
    [platform, otherDatabase] = await Promise.all([createTestContext('pglite'), createTestContext('pglite')]);
  });
  afterAll(async () => {
    await Promise.all([platform?.close(), otherDatabase?.close()]);
  });

  test('opens what it sealed', async () => {
    const sealed = await seal(platform.context, URL_WITH_PASSWORD);

    expect(await openSealed(platform.context, sealed)).toBe(URL_WITH_PASSWORD);
  });

  test('writes v1.<iv>.<tag>.<ciphertext> in base64url, without the plaintext or its base64', async () => {
    const sealed = await seal(platform.context, URL_WITH_PASSWORD);

    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('s3cret');
    expect(sealed).not.toContain(Buffer.from(URL_WITH_PASSWORD).toString('base64url').slice(0, 20));
  });

  test('seals the same plaintext differently each time (a fresh IV)', async () => {
    const [first, second] = [await seal(platform.context, 'same'), await seal(platform.context, 'same')];

    expect(first).not.toBe(second);
  });

  test.each([
    ['ciphertext', 3],
    ['authentication tag', 2],
    ['IV', 1],
  ])('refuses a value whose %s was altered', async (_part, index) => {
    const parts = (await seal(platform.context, URL_WITH_PASSWORD)).split('.');
    const bytes = Buffer.from(parts[index] as string, 'base64url');
    bytes[0] = (bytes[0] as number) ^ 0x01;
    parts[index] = bytes.toString('base64url');

    await expect(openSealed(platform.context, parts.join('.'))).rejects.toMatchObject({
      name: 'SealedSecretError',
      message: expect.stringContaining('does not open with this server key'),
    });
  });

  test.each([
    ['plain text', URL_WITH_PASSWORD],
    ['another version', 'v2.aaaa.bbbb.cccc'],
    ['a missing part', 'v1.aaaa.bbbb'],
    ['an extra part', 'v1.aaaa.bbbb.cccc.dddd'],
  ])('refuses %s as not sealed by this server', async (_label, value) => {
    await expect(openSealed(platform.context, value)).rejects.toMatchObject({
      name: 'SealedSecretError',
      message: 'not a sealed value of this server',
    });
  });

  test("does not open with another database's key", async () => {
    const sealed = await seal(platform.context, URL_WITH_PASSWORD);

    await expect(openSealed(otherDatabase.context, sealed)).rejects.toMatchObject({ name: 'SealedSecretError' });
  });
});

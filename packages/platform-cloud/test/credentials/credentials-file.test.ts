import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Credentials,
  deleteCredentials,
  readCredentials,
  writeCredentials,
} from '../../src/credentials/credentials-file';
import { tempDir } from '../factories/temp-dir';

const credentials = (overrides: Partial<Credentials> = {}): Credentials => ({
  platformUrl: 'http://127.0.0.1:3400',
  accessToken: 'pca_access',
  refreshToken: 'pcr_refresh',
  expiresAt: '2030-01-01T00:00:00.000Z',
  email: 'ada@example.com',
  ...overrides,
});

describe('the credentials file', () => {
  let dir: ReturnType<typeof tempDir>;
  let file: string;
  beforeEach(() => {
    dir = tempDir();
    file = path.join(dir.path, 'config', 'platform', 'credentials.json');
  });
  afterEach(() => dir.remove());

  test('is written readable by its owner only, in a folder only its owner opens', async () => {
    await writeCredentials(file, credentials());

    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  test('keeps mode 0600 under a permissive umask, and tightens an existing folder', async () => {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    const umask = process.umask(0o000);
    try {
      await writeCredentials(file, credentials());
    } finally {
      process.umask(umask);
    }

    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  test('is replaced whole, with no temporary file left beside it', async () => {
    await writeCredentials(file, credentials());
    await writeCredentials(file, credentials({ accessToken: 'pca_second' }));

    expect(readdirSync(path.dirname(file))).toEqual(['credentials.json']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ accessToken: 'pca_second' });
  });

  test('reads back what was written', async () => {
    await writeCredentials(file, credentials());

    expect(await readCredentials(file)).toEqual(credentials());
  });

  test('reads as no login when there is no file', async () => {
    expect(await readCredentials(file)).toBeUndefined();
  });

  test.each([
    ['not JSON', '{'],
    ['a token missing', JSON.stringify({ ...credentials(), refreshToken: undefined })],
    ['a bad date', JSON.stringify({ ...credentials(), expiresAt: 'soon' })],
  ])('refuses a file that is %s, saying to log in again', async (_case, content) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);

    await expect(readCredentials(file)).rejects.toMatchObject({
      name: 'NotLoggedInError',
      message: expect.stringContaining('run platform-cloud login'),
    });
  });

  test('is deleted by deleteCredentials, which says whether there was one', async () => {
    await writeCredentials(file, credentials());

    expect(await deleteCredentials(file)).toBe(true);
    expect(await readCredentials(file)).toBeUndefined();
    expect(await deleteCredentials(file)).toBe(false);
  });
});

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { ExitCode } from '../../src';
import { type CliHome, createCliHome } from '../helpers/cli-home';
import { type CloudTestPlatform, PASSWORD, startCloudTestPlatform } from '../helpers/cloud-platform';
import { answerAs, loginWith, signIn } from '../helpers/device-login';
import { runCli } from '../helpers/run-cli';

// `login`, `whoami`, `logout` and the token refresh of every command, against a real platform-api:
// the device flow approved on the platform's page in headless Chromium (and, for the other tests,
// through the platform's device-code service, as that page does).

/** Debian's Chromium (`apt-get install chromium`), as platform-api's browser tests use it. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];

interface StoredCredentials {
  platformUrl: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
  email?: string;
}

describe('platform-cloud login against a real platform-api', () => {
  let platform: CloudTestPlatform;
  let home: CliHome;
  const stored = () => JSON.parse(readFileSync(home.credentialsFile, 'utf8')) as StoredCredentials;
  const cli = (...argv: string[]) => runCli(argv, { cwd: home.cwd, env: home.env({ PLATFORM_URL: platform.url }) });

  beforeAll(async () => {
    platform = await startCloudTestPlatform();
  });
  afterAll(() => platform.close());
  beforeEach(() => {
    home = createCliHome();
  });
  afterEach(() => home.remove());

  test('the code approved on the platform page (sign-in, then Approve) stores the tokens, mode 0600', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const result = await loginWith(platform, home, async ({ url, userCode }) => {
        const page = await browser.newPage();
        await page.goto(url);
        await page.fill('#email', platform.world.admin.email);
        await page.fill('#password', PASSWORD);
        await page.click('button[type=submit]');
        // Back on the device page, signed in: the code the terminal shows, and Approve.
        await page.waitForSelector('button[value=approve]');
        expect(await page.textContent('body')).toContain(userCode);
        await page.click('button[value=approve]');
        await page.waitForLoadState();
      });

      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(`Logged in to ${platform.url} (signed in).\n`);
      expect(statSync(home.credentialsFile).mode & 0o777).toBe(0o600);
      expect(stored()).toMatchObject({
        platformUrl: platform.url,
        accessToken: expect.stringMatching(/^pca_/),
        refreshToken: expect.stringMatching(/^pcr_/),
      });
      expect(Date.parse(stored().expiresAt)).toBeGreaterThan(Date.now() + 30 * 60_000);
    } finally {
      await browser.close();
    }
  });

  test('the stored login works: whoami asks the platform', async () => {
    await signIn(platform, home, platform.world.admin);

    const result = await cli('whoami', '--json');

    expect(result.exitCode).toBe(0);
    expect(result.json()).toMatchObject({ platformUrl: platform.url, environments: 1 });
  });

  test('login again refreshes the stored login without the browser', async () => {
    await signIn(platform, home, platform.world.admin);
    const before = stored();

    const result = await cli('login', '--json');

    expect(result.exitCode).toBe(0);
    expect(result.json()).toMatchObject({ how: 'refreshed', platformUrl: platform.url });
    expect(result.stderr).not.toContain('/cloud/device');
    expect(stored().refreshToken).not.toBe(before.refreshToken);
    expect(stored().accessToken).not.toBe(before.accessToken);
    expect(statSync(home.credentialsFile).mode & 0o777).toBe(0o600);
  });

  test('login --force goes through the device flow even with a login to refresh', async () => {
    await signIn(platform, home, platform.world.admin);

    const result = await loginWith(platform, home, answerAs(platform, platform.world.admin), ['--force']);

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('(signed in)');
  });

  test('a command refreshes an access token about to expire, and rewrites the file', async () => {
    await signIn(platform, home, platform.world.admin);
    const nearlyExpired = { ...stored(), expiresAt: new Date(Date.now() + 10_000).toISOString() };
    writeFileSync(home.credentialsFile, JSON.stringify(nearlyExpired), { mode: 0o600 });

    const result = await cli('environments', '--json');

    expect(result.exitCode).toBe(0);
    expect(result.json<{ environments: unknown[] }>().environments).toHaveLength(1);
    expect(stored().accessToken).not.toBe(nearlyExpired.accessToken);
    expect(stored().refreshToken).not.toBe(nearlyExpired.refreshToken);
    expect(Date.parse(stored().expiresAt)).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(statSync(home.credentialsFile).mode & 0o777).toBe(0o600);
  });

  test('a code denied on the page: exit 3, one line, nothing stored', async () => {
    const result = await loginWith(platform, home, answerAs(platform, platform.world.admin, 'deny'));

    expect(result.exitCode).toBe(ExitCode.NotLoggedIn);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('error: the login was denied on the platform page');
    expect(() => statSync(home.credentialsFile)).toThrow();
  });

  test('logout revokes the login on the platform: its tokens are refused afterwards', async () => {
    await signIn(platform, home, platform.world.admin);
    const tokens = stored();

    const logout = await cli('logout');
    writeFileSync(home.credentialsFile, JSON.stringify(tokens), { mode: 0o600 });
    const after = await cli('environments');

    expect(logout.exitCode).toBe(0);
    expect(logout.stdout).toContain('the login is revoked');
    expect(after.exitCode).toBe(ExitCode.NotLoggedIn);
    expect(after.stderr).toMatch(/^error: the platform refused your login \(.*\): run platform-cloud login\n$/);
  });

  test('a revoked login is not refreshed: login falls back to the device flow', async () => {
    await signIn(platform, home, platform.world.admin);
    const tokens = stored();
    await cli('logout');
    writeFileSync(home.credentialsFile, JSON.stringify(tokens), { mode: 0o600 });

    const result = await loginWith(platform, home, answerAs(platform, platform.world.admin));

    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('The stored login expired or was revoked: sign in again.');
    expect(result.stdout).toContain('(signed in)');
  });
});

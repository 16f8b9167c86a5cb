import { existsSync } from 'node:fs';
import { cloudTokenResponseSchema } from '@platform/platform-contract';
import { isServiceRequired } from '@platform/tooling/test-services';
import { type Browser, chromium } from 'playwright-core';
import { type CloudPlatform, pollToken, startCloudPlatform, startDeviceLogin } from './cloud-platform';

/** Debian's Chromium (`apt-get install chromium`), as test/identity/login-page.browser.test.ts. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];

function describeWithChromium(name: string, fn: () => void): void {
  if (existsSync(CHROMIUM)) {
    describe(name, fn);
    return;
  }
  const reason = `${CHROMIUM} not found (apt-get install -y chromium)`;
  if (isServiceRequired()) {
    describe(name, () => {
      test(`requires ${reason}`, () => {
        throw new Error(`${reason}; PLATFORM_REQUIRE_SERVICES=1 makes a missing browser a failure.`);
      });
    });
    return;
  }
  console.warn(`[skipped] ${name}: ${reason}`);
  describe.skip(`${name} [skipped: ${reason}]`, fn);
}

describeWithChromium('signing the cloud CLI in on the device page, in a real headless Chromium', () => {
  let platform: CloudPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startCloudPlatform('pglite');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  test('the link the CLI prints leads through sign-in to the code, and Approve signs the CLI in', async () => {
    const started = await startDeviceLogin(platform, 'ada-laptop');
    const page = await (await browser.newContext()).newPage();

    await page.goto(started.verification_uri_complete);
    await page.fill('#email', platform.world.developer.email);
    await page.fill('#password', 'correct-password');
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=user-code]');
    const shown = {
      userCode: await page.textContent('[data-testid=user-code]'),
      clientLabel: await page.textContent('[data-testid=client-label]'),
      userEmail: await page.textContent('[data-testid=user-email]'),
    };
    await page.click('button[value=approve]');
    await page.waitForSelector('[data-testid=outcome]');
    const outcome = await page.textContent('[data-testid=outcome]');
    const tokens = await pollToken(platform, started.device_code);

    expect(shown).toEqual({
      userCode: started.user_code,
      clientLabel: 'ada-laptop',
      userEmail: platform.world.developer.email,
    });
    expect(outcome).toBe('The cloud CLI is signed in');
    expect(tokens.status).toBe(200);
    expect(cloudTokenResponseSchema.parse(tokens.body).token_type).toBe('Bearer');
  });

  test('a user who types the code on the bare page and denies it leaves the CLI signed out', async () => {
    const started = await startDeviceLogin(platform);
    const page = await (await browser.newContext()).newPage();

    await page.goto(started.verification_uri);
    await page.fill('#email', platform.world.developer.email);
    await page.fill('#password', 'correct-password');
    await page.click('button[type=submit]');
    await page.fill('#user_code', started.user_code.toLowerCase());
    await page.click('button[type=submit]');
    await page.click('button[value=deny]');
    await page.waitForSelector('[data-testid=outcome]');
    const outcome = await page.textContent('[data-testid=outcome]');
    const poll = await pollToken(platform, started.device_code);

    expect(outcome).toBe('Sign-in denied');
    expect(poll.body).toMatchObject({ error: 'access_denied' });
  });
});

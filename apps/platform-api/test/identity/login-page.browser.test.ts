import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isServiceRequired } from '@platform/tooling/test-services';
import { type Browser, chromium } from 'playwright-core';
import { seedUser } from '../factories/user-factory';
import { createTestContext, type TestContext } from '../helpers/test-context';

/** Debian's Chromium (`apt-get install chromium`); playwright never downloads a browser here. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

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

describeWithChromium('the login page in a real headless Chromium', () => {
  let platform: TestContext;
  let server: Server;
  let baseUrl: string;
  let browser: Browser;
  let email: string;

  beforeAll(async () => {
    platform = await createTestContext('pglite');
    email = (await seedUser(platform.context, { firstName: 'Ada', lastName: 'Lovelace' })).email;
    server = await new Promise<Server>((resolve) => {
      const listening = platform.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await platform?.close();
  });

  test('filling the form and submitting it lands signed in, with an HttpOnly session cookie', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(`${baseUrl}/login`);
    await page.fill('#email', email);
    await page.fill('#password', 'correct-password');
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=signed-in-email]');

    expect(page.url()).toBe(`${baseUrl}/login`);
    expect(await page.textContent('h1')).toBe('You are signed in');
    expect(await page.textContent('[data-testid=signed-in-email]')).toBe(email);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'platform_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await page.goto(`${baseUrl}/me`);
    expect(await me?.json()).toMatchObject({ user: { email }, session: { isSso: false } });
    await context.close();
  });

  test('a wrong password shows the error and keeps the typed email; signing out returns to the form', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.fill('#email', email);
    await page.fill('#password', 'wrong-password');
    await page.click('button[type=submit]');
    await page.waitForSelector('[role=alert]');

    expect(await page.textContent('[role=alert]')).toBe('Invalid email or password.');
    expect(await page.inputValue('#email')).toBe(email);

    await page.fill('#password', 'correct-password');
    await page.click('button[type=submit]');
    await page.waitForSelector('text=You are signed in');
    await page.click('text=Sign out');
    await page.waitForSelector('#password');
    const afterSignOut = await context.request.get(`${baseUrl}/me`);
    expect(afterSignOut.status()).toBe(401);
    await context.close();
  });
});

import { CLOUD_PATHS } from '@platform/platform-contract';
import request from 'supertest';
import { describeEachDatabase } from '../helpers/test-context';
import { csrfFieldOf } from '../identity/login-helpers';
import { type CloudPlatform, pollToken, signedInBrowser, startCloudPlatform, startDeviceLogin } from './cloud-platform';

describeEachDatabase(`GET and POST ${CLOUD_PATHS.devicePage}`, (kind) => {
  let platform: CloudPlatform;

  beforeAll(async () => {
    platform = await startCloudPlatform(kind);
  });
  afterAll(() => platform.close());

  const expectPage = (response: request.Response, status: number, text: string) => {
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    expect(response.text).toContain(text);
  };
  const isPending = async (userCode: string) => {
    const stored = await platform.context.prisma.cloudDeviceCode.findUniqueOrThrow({
      where: { userCode: userCode.replace('-', '') },
    });
    return stored.approvedAt === null && stored.deniedAt === null;
  };

  test('sends a visitor to the login page, and back to the code once signed in', async () => {
    const started = await startDeviceLogin(platform);
    const browser = request.agent(platform.serverUrl);
    const path = `${CLOUD_PATHS.devicePage}?user_code=${started.user_code}`;

    const first = await browser.get(path);
    const loginPage = await browser.get(first.headers.location as string).expect(200);
    const signedIn = await browser
      .post('/login')
      .type('form')
      .send({
        _csrf: csrfFieldOf(loginPage.text),
        email: platform.world.developer.email,
        password: 'correct-password',
        next: path,
      });
    const page = await browser.get(signedIn.headers.location as string);

    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    expect(signedIn.headers.location).toBe(path);
    expectPage(page, 200, started.user_code);
    expect(page.text).toContain('data-testid="client-label">laptop.example<');
    expect(page.text).toContain(platform.world.developer.email);
  });

  test('asks for the code when the link carries none', async () => {
    const browser = await signedInBrowser(platform, platform.world.developer);

    const page = await browser.get(CLOUD_PATHS.devicePage);

    expectPage(page, 200, 'Enter the code');
    expect(page.text).toContain('name="user_code"');
  });

  test('reads a code typed in lower case, without the dash', async () => {
    const started = await startDeviceLogin(platform);
    const browser = await signedInBrowser(platform, platform.world.developer);

    const page = await browser
      .get(CLOUD_PATHS.devicePage)
      .query({ user_code: started.user_code.replace('-', '').toLowerCase() });

    expectPage(page, 200, started.user_code);
  });

  test('escapes the label the CLI sent', async () => {
    const started = await startDeviceLogin(platform, '<script>alert(1)</script>');
    const browser = await signedInBrowser(platform, platform.world.developer);

    const page = await browser.get(CLOUD_PATHS.devicePage).query({ user_code: started.user_code });

    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>');
  });

  test.each([
    ['a code of another shape', 'ABC-123', 400, 'A code is eight letters'],
    ['a code nobody asked for', 'BBBB-BBBB', 404, 'No sign-in is waiting for code BBBB-BBBB'],
  ])('answers %s with a page that says so', async (_label, userCode, status, text) => {
    const browser = await signedInBrowser(platform, platform.world.developer);

    expectPage(await browser.get(CLOUD_PATHS.devicePage).query({ user_code: userCode }), status, text);
  });

  test('answers a code answered already with a page that says so, and keeps the first answer', async () => {
    const started = await startDeviceLogin(platform);
    const browser = await signedInBrowser(platform, platform.world.developer);
    const page = await browser.get(CLOUD_PATHS.devicePage).query({ user_code: started.user_code });
    const form = { _csrf: csrfFieldOf(page.text), user_code: started.user_code };
    await browser
      .post(CLOUD_PATHS.devicePage)
      .type('form')
      .send({ ...form, decision: 'approve' })
      .expect(200);

    const secondAnswer = await browser
      .post(CLOUD_PATHS.devicePage)
      .type('form')
      .send({ ...form, decision: 'deny' });
    const reopened = await browser.get(CLOUD_PATHS.devicePage).query({ user_code: started.user_code });

    expectPage(secondAnswer, 409, 'was already answered');
    expectPage(reopened, 409, 'was already answered');
    expect((await pollToken(platform, started.device_code)).status).toBe(200);
  });

  test('refuses an answer without the CSRF token, and the code stays pending', async () => {
    const started = await startDeviceLogin(platform);
    const browser = await signedInBrowser(platform, platform.world.developer);
    await browser.get(CLOUD_PATHS.devicePage).query({ user_code: started.user_code }).expect(200);

    const answer = await browser
      .post(CLOUD_PATHS.devicePage)
      .type('form')
      .send({ user_code: started.user_code, decision: 'approve' });

    expectPage(answer, 403, 'CSRF');
    expect(await isPending(started.user_code)).toBe(true);
  });

  test('refuses an answer from a browser whose sign-in ended, and the code stays pending', async () => {
    const started = await startDeviceLogin(platform);
    const browser = await signedInBrowser(platform, platform.world.developer);
    const page = await browser.get(CLOUD_PATHS.devicePage).query({ user_code: started.user_code });
    await browser
      .post('/logout')
      .type('form')
      .send({ _csrf: csrfFieldOf(page.text) })
      .expect(303);

    const answer = await browser
      .post(CLOUD_PATHS.devicePage)
      .type('form')
      .send({ _csrf: csrfFieldOf(page.text), user_code: started.user_code, decision: 'approve' });

    expectPage(answer, 401, 'Your sign-in ended');
    expect(await isPending(started.user_code)).toBe(true);
  });

  test('refuses a decision other than approve or deny', async () => {
    const started = await startDeviceLogin(platform);
    const browser = await signedInBrowser(platform, platform.world.developer);
    const page = await browser.get(CLOUD_PATHS.devicePage).query({ user_code: started.user_code });

    const answer = await browser
      .post(CLOUD_PATHS.devicePage)
      .type('form')
      .send({ _csrf: csrfFieldOf(page.text), user_code: started.user_code, decision: 'maybe' });

    expectPage(answer, 400, 'choose Approve or Deny');
    expect(await isPending(started.user_code)).toBe(true);
  });
});

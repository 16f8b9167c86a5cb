import {
  CLOUD_CLI_CLIENT_ID,
  CLOUD_PATHS,
  cloudTokenResponseSchema,
  DEVICE_CODE_GRANT_TYPE,
  oauthErrorResponseSchema,
} from '@platform/platform-contract';
import { seedUser } from '../factories/user-factory';
import { describeEachDatabase } from '../helpers/test-context';
import {
  answerDevicePage,
  type CloudPlatform,
  callApi,
  pollToken,
  postForm,
  signedInBrowser,
  startCloudPlatform,
  startDeviceLogin,
} from './cloud-platform';

describeEachDatabase('the device authorization grant (RFC 8628)', (kind) => {
  let platform: CloudPlatform;

  beforeAll(async () => {
    platform = await startCloudPlatform(kind);
  });
  afterAll(() => platform.close());

  const expectOAuthError = (
    answer: { status: number; body: unknown; headers: Headers },
    status: number,
    error: string,
  ) => {
    expect(answer.status).toBe(status);
    expect(oauthErrorResponseSchema.parse(answer.body)).toMatchObject({ error, error_description: expect.any(String) });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  };

  describe(`POST ${CLOUD_PATHS.deviceAuthorization}`, () => {
    test('answers a device code, a user code, the page URLs, the expiry and the interval, never cached', async () => {
      const answer = await postForm(platform, CLOUD_PATHS.deviceAuthorization, {
        client_id: CLOUD_CLI_CLIENT_ID,
        client_label: 'laptop.example',
      });

      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const body = answer.body as Record<string, string>;
      expect(body).toEqual({
        device_code: expect.stringMatching(/^pcd_[\w-]{43}$/),
        user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
        verification_uri: `${platform.serverUrl}/cloud/device`,
        verification_uri_complete: `${platform.serverUrl}/cloud/device?user_code=${body.user_code}`,
        expires_in: 600,
        interval: 5,
      });
    });

    test('stores the device code hashed and the label the page shows', async () => {
      const started = await startDeviceLogin(platform, 'build-box');

      const stored = await platform.context.prisma.cloudDeviceCode.findUniqueOrThrow({
        where: { userCode: started.user_code.replace('-', '') },
      });
      expect(stored.clientLabel).toBe('build-box');
      expect(stored.deviceCodeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.deviceCodeHash).not.toContain(started.device_code.slice(4));
    });

    test.each([
      ['no client_id', {}, 400, 'invalid_request'],
      ['another client', { client_id: 'some-app' }, 401, 'invalid_client'],
      [
        'a label with control characters',
        { client_id: CLOUD_CLI_CLIENT_ID, client_label: 'a\nb' },
        400,
        'invalid_request',
      ],
      [
        'a label over 255 characters',
        { client_id: CLOUD_CLI_CLIENT_ID, client_label: 'x'.repeat(256) },
        400,
        'invalid_request',
      ],
    ])('refuses %s', async (_label, fields, status, error) => {
      expectOAuthError(await postForm(platform, CLOUD_PATHS.deviceAuthorization, fields), status, error);
    });

    test('refuses a JSON body: the route reads forms', async () => {
      const response = await fetch(`${platform.serverUrl}${CLOUD_PATHS.deviceAuthorization}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: CLOUD_CLI_CLIENT_ID }),
      });

      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    });
  });

  describe(`polling POST ${CLOUD_PATHS.token}`, () => {
    test('answers authorization_pending until the user answers, slow_down when polled sooner than the interval', async () => {
      const started = await startDeviceLogin(platform);

      const first = await pollToken(platform, started.device_code);
      const tooSoon = await pollToken(platform, started.device_code);
      platform.clock.advance(started.interval * 1000);
      const onTime = await pollToken(platform, started.device_code);

      expectOAuthError(first, 400, 'authorization_pending');
      expectOAuthError(tooSoon, 400, 'slow_down');
      expectOAuthError(onTime, 400, 'authorization_pending');
    });

    test('turns an approved code into tokens, stored hashed, once', async () => {
      const started = await startDeviceLogin(platform);
      const browser = await signedInBrowser(platform, platform.world.developer);
      expectOAuthError(await pollToken(platform, started.device_code), 400, 'authorization_pending');

      const approved = await answerDevicePage(browser, started.user_code, 'approve');
      const tokens = await pollToken(platform, started.device_code);
      const again = await pollToken(platform, started.device_code);

      expect(approved.status).toBe(200);
      expect(approved.text).toContain('The cloud CLI is signed in');
      expect(tokens.status).toBe(200);
      expect(tokens.headers.get('cache-control')).toBe('no-store');
      const body = cloudTokenResponseSchema.parse(tokens.body);
      expect(body).toEqual({
        access_token: expect.stringMatching(/^pca_[\w-]{43}$/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^pcr_\d+\.[\w-]{22}\.[\w-]{43}$/),
      });
      const login = await platform.context.prisma.cloudLogin.findFirstOrThrow({
        where: { userId: platform.world.developer.id },
        orderBy: { id: 'desc' },
      });
      expect(login).toMatchObject({ clientLabel: 'laptop.example', revokedAt: null });
      expect(JSON.stringify(login)).not.toContain(body.access_token.slice(4));
      expect(JSON.stringify(login)).not.toContain(body.refresh_token.slice(-43));
      expectOAuthError(again, 400, 'invalid_grant');
    });

    test('the access token signs the CLI in as the approving user', async () => {
      const started = await startDeviceLogin(platform);
      await answerDevicePage(await signedInBrowser(platform, platform.world.admin), started.user_code, 'approve');
      const tokens = cloudTokenResponseSchema.parse((await pollToken(platform, started.device_code)).body);

      const environments = await callApi(platform, CLOUD_PATHS.environments, { token: tokens.access_token });

      expect(environments.status).toBe(200);
      expect(environments.body).toEqual({ environments: [expect.objectContaining({ id: platform.world.cloud.id })] });
    });

    test('answers access_denied once the user denied the code', async () => {
      const user = await seedUser(platform.context, { project: platform.world.project, role: 'Developer' });
      const started = await startDeviceLogin(platform);

      const denied = await answerDevicePage(await signedInBrowser(platform, user), started.user_code, 'deny');
      const poll = await pollToken(platform, started.device_code);

      expect(denied.text).toContain('Sign-in denied');
      expectOAuthError(poll, 400, 'access_denied');
      expect(await platform.context.prisma.cloudLogin.count({ where: { userId: user.id } })).toBe(0);
    });

    test('answers expired_token past the ten minutes, approved or not, and the page says the code expired', async () => {
      const pending = await startDeviceLogin(platform);
      const approved = await startDeviceLogin(platform);
      const browser = await signedInBrowser(platform, platform.world.admin);
      expect((await answerDevicePage(browser, approved.user_code, 'approve')).status).toBe(200);

      platform.clock.advance(pending.expires_in * 1000);
      const pendingPoll = await pollToken(platform, pending.device_code);
      const approvedPoll = await pollToken(platform, approved.device_code);
      const page = await browser.get(CLOUD_PATHS.devicePage).query({ user_code: pending.user_code });

      expectOAuthError(pendingPoll, 400, 'expired_token');
      expectOAuthError(approvedPoll, 400, 'expired_token');
      expect(page.status).toBe(410);
      expect(page.text).toContain('expired');
    });

    test('answers invalid_grant for a device code the platform did not issue', async () => {
      expectOAuthError(await pollToken(platform, `pcd_${'A'.repeat(43)}`), 400, 'invalid_grant');
    });

    test.each([
      ['no grant_type', { device_code: 'pcd_x', client_id: CLOUD_CLI_CLIENT_ID }, 400, 'invalid_request'],
      ['another grant type', { grant_type: 'password', client_id: CLOUD_CLI_CLIENT_ID }, 400, 'unsupported_grant_type'],
      [
        'no device_code',
        { grant_type: DEVICE_CODE_GRANT_TYPE, client_id: CLOUD_CLI_CLIENT_ID },
        400,
        'invalid_request',
      ],
      ['no client_id', { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: 'pcd_x' }, 400, 'invalid_request'],
      [
        'another client',
        { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: 'pcd_x', client_id: 'x' },
        401,
        'invalid_client',
      ],
    ])('refuses %s', async (_label, fields, status, error) => {
      expectOAuthError(await postForm(platform, CLOUD_PATHS.token, fields), status, error);
    });
  });

  test('writes admin-log entries for the approval and the login it opened, never a token', async () => {
    const started = await startDeviceLogin(platform, 'audit-box');
    await answerDevicePage(await signedInBrowser(platform, platform.world.editor), started.user_code, 'approve');
    const tokens = cloudTokenResponseSchema.parse((await pollToken(platform, started.device_code)).body);

    const entries = await platform.context.prisma.adminLog.findMany({
      where: { userId: platform.world.editor.id },
      orderBy: { id: 'asc' },
    });

    expect(entries.map((entry) => [entry.action, entry.targetType, entry.details])).toEqual([
      ['cloud_device.approve', 'cloud_device_code', { clientLabel: 'audit-box' }],
      ['cloud_login.create', 'cloud_login', { clientLabel: 'audit-box' }],
    ]);
    expect(JSON.stringify(entries)).not.toContain(tokens.access_token);
    expect(JSON.stringify(entries)).not.toContain(started.device_code);
  });
});

describe('the rate limits of the device flow', () => {
  let platform: CloudPlatform;

  beforeAll(async () => {
    platform = await startCloudPlatform('pglite', {
      env: { PLATFORM_CLOUD_DEVICE_CODE_RATE_LIMIT: '2', PLATFORM_CLOUD_TOKEN_RATE_LIMIT: '3' },
    });
  });
  afterAll(() => platform.close());

  test('refuses a third device login in a minute from one address with 429 and Retry-After', async () => {
    await startDeviceLogin(platform);
    await startDeviceLogin(platform);

    const third = await postForm(platform, CLOUD_PATHS.deviceAuthorization, { client_id: CLOUD_CLI_CLIENT_ID });

    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      error: 'rate_limited',
      error_description: expect.stringContaining('2 per minute'),
    });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('counts token and revocation requests together, before reading the body', async () => {
    const answers = [
      await postForm(platform, CLOUD_PATHS.token, {}),
      await postForm(platform, CLOUD_PATHS.revocation, {}),
      await postForm(platform, CLOUD_PATHS.token, {}),
      await postForm(platform, CLOUD_PATHS.token, {}),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 429]);
    expect(answers[3]?.body).toMatchObject({ error: 'rate_limited' });
  });
});

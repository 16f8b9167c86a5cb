import {
  CLOUD_PATHS,
  type CloudTokenResponse,
  cloudTokenResponseSchema,
  oauthErrorResponseSchema,
} from '@platform/platform-contract';
import { describeEachDatabase } from '../helpers/test-context';
import {
  type CloudPlatform,
  callApi,
  type HttpAnswer,
  postForm,
  refreshTokens,
  signInCli,
  startCloudPlatform,
} from './cloud-platform';

describeEachDatabase('the refresh token grant and revocation', (kind) => {
  let platform: CloudPlatform;

  beforeAll(async () => {
    platform = await startCloudPlatform(kind);
  });
  afterAll(() => platform.close());

  const listEnvironments = (token: string) => callApi(platform, CLOUD_PATHS.environments, { token });
  const expectOAuthError = (answer: HttpAnswer, status: number, error: string) => {
    expect(answer.status).toBe(status);
    expect(oauthErrorResponseSchema.parse(answer.body)).toMatchObject({ error });
  };
  const loginOf = (tokens: CloudTokenResponse) =>
    platform.context.prisma.cloudLogin.findUniqueOrThrow({
      where: { id: Number(/^pcr_(\d+)\./.exec(tokens.refresh_token)?.[1]) },
    });

  test('a refresh replaces both tokens: the old ones stop working, the new ones work', async () => {
    const first = await signInCli(platform, platform.world.developer);

    const answer = await refreshTokens(platform, first.refresh_token);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const second = cloudTokenResponseSchema.parse(answer.body);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await listEnvironments(second.access_token)).status).toBe(200);
    expect((await listEnvironments(first.access_token)).status).toBe(401);
    expect((await refreshTokens(platform, second.refresh_token)).status).toBe(200);
  });

  test('a rotated refresh token used again revokes the login: every token of it stops working', async () => {
    const first = await signInCli(platform, platform.world.developer);
    const second = cloudTokenResponseSchema.parse((await refreshTokens(platform, first.refresh_token)).body);
    expect((await listEnvironments(second.access_token)).status).toBe(200);

    const reuse = await refreshTokens(platform, first.refresh_token);

    expectOAuthError(reuse, 400, 'invalid_grant');
    expect(reuse.body.error_description).toContain('already used');
    expect((await loginOf(second)).revokedAt).not.toBeNull();
    expect((await listEnvironments(second.access_token)).status).toBe(401);
    expectOAuthError(await refreshTokens(platform, second.refresh_token), 400, 'invalid_grant');
    const entry = await platform.context.prisma.adminLog.findFirstOrThrow({
      where: { action: 'cloud_login.revoke', targetId: String((await loginOf(second)).id) },
    });
    expect(entry).toMatchObject({
      userId: null,
      details: { reason: 'refresh_token_reuse', userEmail: platform.world.developer.email },
    });
  });

  test('of two refreshes racing with one token, one gets tokens and the other revokes the login', async () => {
    const tokens = await signInCli(platform, platform.world.developer);

    const answers = await Promise.all([
      refreshTokens(platform, tokens.refresh_token),
      refreshTokens(platform, tokens.refresh_token),
    ]);

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect((await loginOf(tokens)).revokedAt).not.toBeNull();
  });

  test('a refresh token forged for another login (a wrong family tag) revokes nothing', async () => {
    const victim = await signInCli(platform, platform.world.admin);
    const [prefix = '', , secret = ''] = victim.refresh_token.split('.');
    const forged = `${prefix}.${'A'.repeat(22)}.${secret}`;

    const answer = await refreshTokens(platform, forged);

    expectOAuthError(answer, 400, 'invalid_grant');
    expect((await loginOf(victim)).revokedAt).toBeNull();
    expect((await listEnvironments(victim.access_token)).status).toBe(200);
  });

  test.each([
    ['not a refresh token', 'hello'],
    ['an access token', 'pca_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  ])('refuses %s with invalid_grant', async (_label, refreshToken) => {
    expectOAuthError(await refreshTokens(platform, refreshToken), 400, 'invalid_grant');
  });

  test('refuses a refresh token past its 90 days, and the login stays', async () => {
    const tokens = await signInCli(platform, platform.world.editor);
    platform.clock.advance(90 * 24 * 60 * 60_000);

    const answer = await refreshTokens(platform, tokens.refresh_token);
    platform.clock.advance(-90 * 24 * 60 * 60_000);

    expectOAuthError(answer, 400, 'invalid_grant');
    expect(answer.body.error_description).toContain('expired');
    expect((await loginOf(tokens)).revokedAt).toBeNull();
  });

  test('refuses a refresh with another client_id', async () => {
    const tokens = await signInCli(platform, platform.world.editor);

    const answer = await postForm(platform, CLOUD_PATHS.token, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'another-app',
    });

    expectOAuthError(answer, 401, 'invalid_client');
  });

  test('an access token expires after an hour; a refresh then gives a working one', async () => {
    const tokens = await signInCli(platform, platform.world.developer);
    platform.clock.advance(tokens.expires_in * 1000);

    const expired = await listEnvironments(tokens.access_token);
    const refreshed = cloudTokenResponseSchema.parse((await refreshTokens(platform, tokens.refresh_token)).body);

    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 'unauthorized', message: expect.stringContaining('expired') });
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await listEnvironments(refreshed.access_token)).status).toBe(200);
  });

  describe(`POST ${CLOUD_PATHS.revocation}`, () => {
    test.each([
      ['its access token', (tokens: CloudTokenResponse) => tokens.access_token],
      ['its refresh token', (tokens: CloudTokenResponse) => tokens.refresh_token],
    ])('revoking %s ends the login: neither token works', async (_label, pick) => {
      const tokens = await signInCli(platform, platform.world.developer);
      expect((await listEnvironments(tokens.access_token)).status).toBe(200);

      const answer = await postForm(platform, CLOUD_PATHS.revocation, { token: pick(tokens) });

      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect((await listEnvironments(tokens.access_token)).status).toBe(401);
      expectOAuthError(await refreshTokens(platform, tokens.refresh_token), 400, 'invalid_grant');
      const entry = await platform.context.prisma.adminLog.findFirstOrThrow({
        where: { action: 'cloud_login.revoke', targetId: String((await loginOf(tokens)).id) },
      });
      expect(entry).toMatchObject({ userId: platform.world.developer.id, details: { reason: 'revocation_endpoint' } });
    });

    test('answers 200 for a token it does not know, as RFC 7009 asks', async () => {
      const answer = await postForm(platform, CLOUD_PATHS.revocation, { token: 'pca_unknown' });

      expect(answer.status).toBe(200);
    });

    test('refuses a request without a token', async () => {
      expectOAuthError(await postForm(platform, CLOUD_PATHS.revocation, {}), 400, 'invalid_request');
    });
  });
});

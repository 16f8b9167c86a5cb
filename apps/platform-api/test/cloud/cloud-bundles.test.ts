import { createHash } from 'node:crypto';
import { bundleSchema, bundlesResponseSchema, CLOUD_PATHS, MAX_BUNDLE_BYTES } from '@platform/platform-contract';
import type { User } from '../../src/generated/prisma/client';
import { describeEachDatabase } from '../helpers/test-context';
import { type CloudPlatform, callApi, signInCli, startCloudPlatform } from './cloud-platform';

const CODE = 'module.exports = { default: (agent) => agent };';

function sha256(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

describeEachDatabase('the bundles of a cloud environment', (kind) => {
  let platform: CloudPlatform;
  const tokens = new Map<User, string>();

  beforeAll(async () => {
    platform = await startCloudPlatform(kind);
    for (const user of [platform.world.developer, platform.world.editor, platform.world.outsider]) {
      tokens.set(user, (await signInCli(platform, user)).access_token);
    }
  });
  afterAll(() => platform.close());

  const upload = (body: unknown, options: { user?: User; environmentId?: number } = {}) =>
    callApi(platform, CLOUD_PATHS.bundles(options.environmentId ?? platform.world.cloud.id), {
      method: 'POST',
      token: tokens.get(options.user ?? platform.world.developer),
      body,
    });
  const storedCount = () =>
    platform.context.prisma.cloudBundle.count({ where: { environmentId: platform.world.cloud.id } });

  test('stores an upload as the next version, pending, with its author, and answers 201', async () => {
    const before = await storedCount();

    const answer = await upload({ code: CODE, checksum: sha256(CODE), label: 'cli 0.1.0' });

    expect(answer.status).toBe(201);
    const bundle = bundleSchema.parse(answer.body);
    expect(bundle).toEqual({
      version: before + 1,
      checksum: sha256(CODE),
      size: Buffer.byteLength(CODE),
      label: 'cli 0.1.0',
      status: 'pending',
      error: null,
      author: { id: platform.world.developer.id, email: platform.world.developer.email },
      createdAt: expect.any(String),
      liveAt: null,
    });
    const stored = await platform.context.prisma.cloudBundle.findUniqueOrThrow({
      where: { environmentId_version: { environmentId: platform.world.cloud.id, version: bundle.version } },
    });
    expect(stored.code).toBe(CODE);
    const entry = await platform.context.prisma.adminLog.findFirstOrThrow({
      where: { action: 'cloud_bundle.upload', projectId: platform.world.project.id },
      orderBy: { id: 'desc' },
    });
    expect(entry).toMatchObject({ userId: platform.world.developer.id, details: { version: bundle.version } });
  });

  test('lists the bundles newest first and answers one by version', async () => {
    const first = bundleSchema.parse((await upload({ code: 'a', checksum: sha256('a') })).body);
    const second = bundleSchema.parse((await upload({ code: 'b', checksum: sha256('b') })).body);
    const token = tokens.get(platform.world.developer);

    const list = await callApi(platform, CLOUD_PATHS.bundles(platform.world.cloud.id), { token });
    const one = await callApi(platform, CLOUD_PATHS.bundle(platform.world.cloud.id, first.version), { token });
    const missing = await callApi(platform, CLOUD_PATHS.bundle(platform.world.cloud.id, second.version + 1), { token });

    const versions = bundlesResponseSchema.parse(list.body).bundles.map((bundle) => bundle.version);
    expect(versions.slice(0, 2)).toEqual([second.version, first.version]);
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
    expect(bundleSchema.parse(one.body)).toEqual(first);
    expect(missing).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  test('gives concurrent uploads distinct, consecutive versions', async () => {
    const environmentId = platform.world.otherCloud.id;
    const codes = ['one', 'two', 'three', 'four', 'five'];

    const answers = await Promise.all(
      codes.map((code) => upload({ code, checksum: sha256(code) }, { user: platform.world.outsider, environmentId })),
    );

    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const versions = answers.map((answer) => bundleSchema.parse(answer.body).version).sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5]);
  });

  test('accepts a bundle of exactly MAX_BUNDLE_BYTES, even one whose JSON escapes double it', async () => {
    const code = '\n'.repeat(MAX_BUNDLE_BYTES);

    const answer = await upload({ code, checksum: sha256(code) });

    expect(answer.status).toBe(201);
    expect(bundleSchema.parse(answer.body).size).toBe(MAX_BUNDLE_BYTES);
  });

  test.each([
    ['one byte over MAX_BUNDLE_BYTES', 'x'.repeat(MAX_BUNDLE_BYTES + 1), 'the most the platform accepts'],
    ['under MAX_BUNDLE_BYTES characters but over in UTF-8 bytes', 'é'.repeat(MAX_BUNDLE_BYTES / 2 + 1), 'the most'],
    [
      'larger than the JSON parser reads',
      'x'.repeat(2 * MAX_BUNDLE_BYTES + 128 * 1024),
      'larger than the platform reads',
    ],
  ])('refuses a bundle %s: 413 bundle_too_large, nothing stored', async (_label, code, words) => {
    const before = await storedCount();

    const answer = await upload({ code, checksum: sha256(code) });

    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 'bundle_too_large', message: expect.stringContaining(words) });
    expect(answer.body.message).toContain(String(MAX_BUNDLE_BYTES));
    expect(await storedCount()).toBe(before);
  });

  test('refuses a checksum that is not the SHA-256 of the code: 400, nothing stored', async () => {
    const before = await storedCount();

    const answer = await upload({ code: CODE, checksum: sha256(`${CODE} `) });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_request', issues: [{ path: 'body.checksum' }] });
    expect(await storedCount()).toBe(before);
  });

  test.each([
    ['no code', { checksum: sha256(CODE) }],
    ['an empty code', { code: '', checksum: sha256('') }],
    ['no checksum', { code: CODE }],
    ['a checksum in upper case', { code: CODE, checksum: sha256(CODE).toUpperCase() }],
    ['a label over 200 characters', { code: CODE, checksum: sha256(CODE), label: 'x'.repeat(201) }],
    ['an array', [CODE]],
  ])('refuses %s: 400 invalid_request', async (_label, body) => {
    const answer = await upload(body);

    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });

  test('refuses a body that is not JSON: 400 invalid_json', async () => {
    const answer = await upload('{"code":');

    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
  });

  test('refuses an Editor before reading the body: 403, nothing stored', async () => {
    const before = await storedCount();

    const answer = await upload({ code: CODE, checksum: sha256(CODE) }, { user: platform.world.editor });
    const malformed = await upload('{"code":', { user: platform.world.editor });

    expect(answer).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(malformed).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await storedCount()).toBe(before);
  });
});

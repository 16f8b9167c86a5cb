import { SECRET_HEADER } from '@platform/platform-contract';
import { createPlatformServerSandbox, type PlatformServerSandbox } from '../../src';

describe('the sandbox test-only routes (/__testing)', () => {
  let sandbox: PlatformServerSandbox;
  let envSecret: string;

  beforeEach(async () => {
    sandbox = await createPlatformServerSandbox(0);
    envSecret = sandbox.addEnvironment();
  });
  afterEach(() => sandbox.close());

  const put = (path: string, body: unknown, secret = envSecret) =>
    fetch(`${sandbox.url}/__testing${path}`, {
      method: 'PUT',
      headers: { [SECRET_HEADER]: secret, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('answers the current user of the environment', async () => {
    const response = await fetch(`${sandbox.url}/__testing/session`, { headers: { [SECRET_HEADER]: envSecret } });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ environmentId: 1, projectId: 1, user: { id: 1, role: 'Admin' } });
  });

  test('refuses a wrong secret with 401', async () => {
    const response = await put('/current-user', { userId: 1 }, 'f'.repeat(64));

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  test('refuses a malformed override with 400 naming the field', async () => {
    const response = await put('/permissions', { collections: { books: { browse: 'no' } } });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('browse'),
    });
  });

  test('spells out a role that allows everything before applying an override', async () => {
    const env = sandbox.environment(envSecret);
    env.uploadedSchemas.push({
      collections: [{ name: 'books', fields: [{ name: 'id' }], actions: [{ name: 'Publish' }] }],
      meta: { schemaHash: 'a'.repeat(40) },
    });

    const response = await put('/permissions', { collections: { books: { delete: false } } });

    expect(response.status).toBe(204);
    expect(env.listRoles().find((role) => role.role === 'Admin')).toEqual({
      role: 'Admin',
      allowsEverything: false,
      charts: true,
      collections: {
        books: {
          browse: true,
          read: true,
          add: true,
          edit: true,
          delete: false,
          export: true,
          actions: { Publish: true },
        },
      },
    });
  });
});

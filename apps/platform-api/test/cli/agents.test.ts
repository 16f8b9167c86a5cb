import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { type CliDatabase, openCliDatabase, runCliOn } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

describeEachDatabase('platform-api agent admin commands', (kind) => {
  let database: CliDatabase;
  let world: AgentWorld;
  let where: string[];

  beforeAll(async () => {
    database = await openCliDatabase(kind);
    world = await database.withContext((context) => seedAgentWorld(context));
    where = ['--project', world.project.name, '--environment', world.environment.name];
  });
  afterAll(() => database.close());

  const cli = (...argv: string[]) => runCliOn(database, argv);
  const prisma = <T>(work: (context: Parameters<Parameters<CliDatabase['withContext']>[0]>[0]) => Promise<T>) =>
    database.withContext(work);
  const lastAdminLog = () =>
    prisma((context) =>
      context.prisma.adminLog.findFirst({ where: { projectId: world.project.id }, orderBy: { id: 'desc' } }),
    );

  describe('permissions', () => {
    test('grant stores the rights and actions, and writes an admin-log entry', async () => {
      const result = await cli(
        'permissions',
        'grant',
        ...where,
        '--role',
        'Editor',
        '--collection',
        'orders',
        '--rights',
        'browse,read,export',
        '--actions',
        'Refund',
      );

      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe('Granted Editor browse, read, export, action Refund on orders in production.\n');
      const row = await prisma((context) =>
        context.prisma.collectionPermission.findFirst({
          where: { environmentId: world.environment.id, role: 'Editor', collectionName: 'orders' },
        }),
      );
      expect(row).toMatchObject({
        canBrowse: true,
        canRead: true,
        canExport: true,
        canDelete: false,
        actions: ['Refund'],
      });
      expect(await lastAdminLog()).toMatchObject({ action: 'agent.permission.grant', targetType: 'environment' });
    });

    test('revoke removes only the named rights', async () => {
      await cli(
        'permissions',
        'grant',
        ...where,
        '--role',
        'User',
        '--collection',
        'books',
        '--rights',
        'browse,delete',
      );

      const result = await cli(
        'permissions',
        'revoke',
        ...where,
        '--role',
        'User',
        '--collection',
        'books',
        '--rights',
        'delete',
        '--json',
      );

      expect(result.exitCode).toBe(0);
      const row = await prisma((context) =>
        context.prisma.collectionPermission.findFirst({
          where: { environmentId: world.environment.id, role: 'User', collectionName: 'books' },
        }),
      );
      expect(row).toMatchObject({ canBrowse: true, canDelete: false });
      expect(await lastAdminLog()).toMatchObject({ action: 'agent.permission.revoke' });
    });

    test('an unknown right is a usage error naming the valid ones', async () => {
      const result = await cli(
        'permissions',
        'grant',
        ...where,
        '--role',
        'Editor',
        '--collection',
        'orders',
        '--rights',
        'browse,destroy',
      );

      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('Rights are browse, read, add, edit, delete, export');
    });

    test('an unknown environment fails with exit code 1', async () => {
      const result = await cli(
        'permissions',
        'grant',
        '--project',
        world.project.name,
        '--environment',
        'nope',
        '--role',
        'Editor',
        '--collection',
        'orders',
        '--rights',
        'read',
      );

      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('has no environment named "nope"');
    });

    test('charts --allow allows charts to the role', async () => {
      const result = await cli('permissions', 'charts', ...where, '--role', 'Developer', '--allow');

      expect(result.exitCode).toBe(0);
      const row = await prisma((context) =>
        context.prisma.rolePermission.findFirst({ where: { environmentId: world.environment.id, role: 'Developer' } }),
      );
      expect(row?.charts).toBe(true);
    });

    test('grant --help lists every required option', async () => {
      const result = await cli('permissions', 'grant', '--help');

      for (const option of ['--project', '--environment', '--role', '--collection', '--rights', '--actions']) {
        expect(result.stdout).toContain(option);
      }
    });
  });

  describe('scopes', () => {
    test('set stores a valid condition tree and writes an admin-log entry', async () => {
      const condition = {
        aggregator: 'And',
        conditions: [{ field: 'ownerId', operator: 'Equal', value: '{{currentUser.id}}' }],
      };

      const result = await cli(
        'scopes',
        'set',
        ...where,
        '--team',
        'Support',
        '--collection',
        'orders',
        '--condition',
        JSON.stringify(condition),
      );

      expect(result.exitCode).toBe(0);
      const row = await prisma((context) =>
        context.prisma.renderingScope.findFirst({
          where: { renderingId: world.rendering.id, collectionName: 'orders' },
        }),
      );
      expect(row?.condition).toEqual(condition);
      expect(await lastAdminLog()).toMatchObject({ action: 'agent.scope.set' });
    });

    test.each([
      ['not JSON', '{field:'],
      ['not a condition tree', '{"aggregator":"Xor","conditions":[]}'],
    ])('set refuses a condition that is %s with exit code 2', async (_label, condition) => {
      const result = await cli(
        'scopes',
        'set',
        ...where,
        '--team',
        'Support',
        '--collection',
        'orders',
        '--condition',
        condition,
      );

      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('--condition');
    });

    test('set refuses an unknown team with exit code 1', async () => {
      const result = await cli(
        'scopes',
        'set',
        ...where,
        '--team',
        'Nobody',
        '--collection',
        'orders',
        '--condition',
        '{"field":"id","operator":"Present"}',
      );

      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('no team named "Nobody"');
    });

    test('clear removes the scope', async () => {
      await cli(
        'scopes',
        'set',
        ...where,
        '--team',
        'Support',
        '--collection',
        'books',
        '--condition',
        '{"field":"id","operator":"Present"}',
      );

      const result = await cli('scopes', 'clear', ...where, '--team', 'Support', '--collection', 'books');

      expect(result.exitCode).toBe(0);
      expect(
        await prisma((context) =>
          context.prisma.renderingScope.count({ where: { renderingId: world.rendering.id, collectionName: 'books' } }),
        ),
      ).toBe(0);
    });
  });

  describe('environments, members, actions and keys', () => {
    test('environments set-url stores the URL without a trailing slash', async () => {
      const result = await cli('environments', 'set-url', ...where, '--url', 'https://agent.example.com/api/');

      expect(result.exitCode).toBe(0);
      const environment = await prisma((context) =>
        context.prisma.environment.findUnique({ where: { id: world.environment.id } }),
      );
      expect(environment?.agentUrl).toBe('https://agent.example.com/api');
      expect(await lastAdminLog()).toMatchObject({ action: 'environment.set_agent_url' });
    });

    test('environments set-url refuses a URL that is not http(s) with exit code 2', async () => {
      const result = await cli('environments', 'set-url', ...where, '--url', 'ftp://agent.example.com');

      expect(result.exitCode).toBe(2);
    });

    test("members set-tags replaces the member's tags", async () => {
      const result = await cli(
        'members',
        'set-tags',
        '--project',
        world.project.name,
        '--email',
        world.member.email,
        '--tags',
        'region=emea, level=2',
      );

      expect(result.exitCode).toBe(0);
      const membership = await prisma((context) =>
        context.prisma.projectMembership.findFirst({ where: { projectId: world.project.id, userId: world.member.id } }),
      );
      expect(membership?.tags).toEqual({ region: 'emea', level: '2' });
      expect(await lastAdminLog()).toMatchObject({ action: 'member.set_tags' });
    });

    test('members set-tags refuses a pair without = with exit code 2', async () => {
      const result = await cli(
        'members',
        'set-tags',
        '--project',
        world.project.name,
        '--email',
        world.member.email,
        '--tags',
        'region',
      );

      expect(result.exitCode).toBe(2);
    });

    test('actions add then remove a no-code action', async () => {
      const definition = {
        type: 'webhook',
        collection: 'orders',
        name: 'Notify',
        scope: 'Single',
        url: 'https://hooks.example.com/notify',
      };

      const added = await cli('actions', 'add', ...where, '--definition', JSON.stringify(definition));
      const countAfterAdd = await prisma((context) =>
        context.prisma.noCodeAction.count({ where: { environmentId: world.environment.id } }),
      );
      const removed = await cli('actions', 'remove', ...where, '--collection', 'orders', '--name', 'Notify');
      const removedAgain = await cli('actions', 'remove', ...where, '--collection', 'orders', '--name', 'Notify');

      expect(added.exitCode).toBe(0);
      expect(countAfterAdd).toBe(1);
      expect(removed.exitCode).toBe(0);
      expect(removedAgain.exitCode).toBe(1);
    });

    test('actions add refuses a definition outside the contract with exit code 2', async () => {
      const result = await cli(
        'actions',
        'add',
        ...where,
        '--definition',
        '{"type":"email","collection":"orders","name":"x"}',
      );

      expect(result.exitCode).toBe(2);
    });

    test('keys rotate publishes a second key; keys retire leaves only the signing key', async () => {
      const rotated = await cli('keys', 'rotate', '--json');
      const listed = await cli('keys', 'list', '--json');
      const retired = await cli('keys', 'retire', '--json');
      const after = await cli('keys', 'list', '--json');

      const { kid } = rotated.json<{ kid: string }>();
      expect(listed.json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid)).toEqual([expect.any(String), kid]);
      expect(retired.json<{ retired: string[] }>().retired).toHaveLength(1);
      expect(after.json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid)).toEqual([kid]);
    });
  });
});

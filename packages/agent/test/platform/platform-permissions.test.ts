import { makeCaller } from '@platform/datasource-toolkit/testing';
import type { PlatformUser, Rendering, RolePermissions } from '@platform/platform-contract';
import { silentLogger, sleep } from '@platform/tooling/test-helpers';
import { CachedResource } from '../../src/platform/cached-resource';
import { createPlatformPermissions } from '../../src/platform/platform-permissions';
import { makePlatformStatus } from '../factories/platform-status';

const RIGHTS = {
  browse: true,
  read: true,
  add: false,
  edit: false,
  delete: false,
  export: false,
  actions: { Refund: true },
};

/**
 * The service over platform data held in `platform` (change it, then invalidate a resource, as an
 * event does); each load builds new maps, as the platform client does.
 */
function makeService(overrides: { roles?: RolePermissions[]; users?: PlatformUser[]; renderings?: Rendering[] } = {}) {
  const loads = { roles: 0, users: 0, renderings: 0 };
  const options = {
    name: 'test',
    refreshAfterMs: 60_000,
    maxAgeMs: 300_000,
    logger: silentLogger,
    status: makePlatformStatus(),
  };
  const resource = <T>(kind: keyof typeof loads, load: () => T) =>
    new CachedResource(async () => {
      loads[kind] += 1;
      await sleep(10);
      return load();
    }, options);
  const platform: { roles: RolePermissions[]; users: PlatformUser[]; renderings: Rendering[] } = {
    roles: overrides.roles ?? [
      { role: 'Editor', allowsEverything: false, collections: { orders: RIGHTS }, charts: false },
      { role: 'Admin', allowsEverything: true, collections: {}, charts: true },
    ],
    users: overrides.users ?? [
      {
        id: 7,
        email: 'eve@example.com',
        firstName: 'Eve',
        lastName: 'E',
        role: 'Editor',
        team: 'EU',
        renderingId: 2,
        tags: {},
      },
    ],
    renderings: overrides.renderings ?? [
      {
        id: 2,
        team: 'EU',
        scopes: { orders: { field: 'region', operator: 'Equal', value: '{{currentUser.tags.region}}' } },
      },
    ],
  };
  const data = {
    roles: resource('roles', () => new Map(platform.roles.map((role) => [role.role, role]))),
    users: resource('users', () => new Map(platform.users.map((user) => [user.id, user]))),
    renderings: resource(
      'renderings',
      () => new Map(platform.renderings.map((rendering) => [rendering.id, rendering])),
    ),
  };
  const service = createPlatformPermissions(data);

  return { service, loads, platform, data };
}

const caller = makeCaller({ id: 7, role: 'Admin' });

describe('createPlatformPermissions', () => {
  test('allows the rights granted to the role of the platform, not the token', async () => {
    const { service } = makeService();

    await expect(service.can(caller, 'browse', 'orders')).resolves.toBeUndefined();
    await expect(service.can(caller, 'delete', 'orders')).rejects.toMatchObject({ name: 'ForbiddenError' });
  });

  test('allows only the actions listed', async () => {
    const { service } = makeService();

    await expect(service.can(caller, 'action', 'orders', { action: 'Refund' })).resolves.toBeUndefined();
    await expect(service.can(caller, 'action', 'orders', { action: 'Ship' })).rejects.toMatchObject({
      name: 'ForbiddenError',
      message: expect.stringContaining("'Ship'"),
    });
  });

  test('allows charts only to roles with charts', async () => {
    const { service } = makeService();

    await expect(service.can(caller, 'chart', 'orders', { chart: 'total' })).rejects.toMatchObject({
      name: 'ForbiddenError',
    });
  });

  test('allows everything to a role that allows everything', async () => {
    const admin = {
      id: 7,
      email: 'a@x',
      firstName: 'A',
      lastName: 'A',
      role: 'Admin',
      team: 'EU',
      renderingId: 2,
      tags: {},
    };
    const { service } = makeService({ users: [admin] });

    await expect(service.can(caller, 'delete', 'anything')).resolves.toBeUndefined();
    await expect(service.can(caller, 'chart', '', { chart: 'x' })).resolves.toBeUndefined();
  });

  test('denies a scope naming a tag the user lacks instead of widening', async () => {
    const { service } = makeService();

    await expect(service.getScope?.(caller, 'orders')).rejects.toMatchObject({
      name: 'ForbiddenError',
      message: expect.stringContaining('region'),
    });
  });

  test('fetches each piece of platform data once for concurrent requests', async () => {
    const { service, loads } = makeService();

    await Promise.all(Array.from({ length: 20 }, () => service.can(caller, 'browse', 'orders')));

    expect(loads).toEqual({ roles: 1, users: 1, renderings: 0 });
  });
});

describe('createPlatformPermissions caches', () => {
  const eve = (tags: PlatformUser['tags'], overrides: Partial<PlatformUser> = {}): PlatformUser => ({
    id: 7,
    email: 'eve@example.com',
    firstName: 'Eve',
    lastName: 'E',
    role: 'Editor',
    team: 'EU',
    renderingId: 2,
    tags,
    ...overrides,
  });
  const scopeOf = (tree: unknown) => JSON.parse(JSON.stringify(tree));

  test('builds a scope once per user and collection while the data stays the same', async () => {
    const { service, loads } = makeService({ users: [eve({ region: 'EU' })] });

    const first = await service.getScope?.(caller, 'orders');
    const second = await service.getScope?.(caller, 'orders');

    expect(scopeOf(first)).toEqual({ field: 'region', operator: 'Equal', value: 'EU' });
    expect(second).toBe(first);
    expect(loads).toEqual({ roles: 0, users: 1, renderings: 1 });
  });

  test('keeps each user their own scope', async () => {
    const { service } = makeService({ users: [eve({ region: 'EU' }), eve({ region: 'US' }, { id: 8 })] });

    const ofEve = await service.getScope?.(caller, 'orders');
    const ofOther = await service.getScope?.(makeCaller({ id: 8 }), 'orders');

    expect(scopeOf(ofEve)).toMatchObject({ value: 'EU' });
    expect(scopeOf(ofOther)).toMatchObject({ value: 'US' });
  });

  test('never serves a scope built before a refresh of the renderings', async () => {
    const { service, platform, data } = makeService({ users: [eve({ region: 'EU' })] });
    expect(scopeOf(await service.getScope?.(caller, 'orders'))).toMatchObject({ field: 'region' });

    platform.renderings = [
      { id: 2, team: 'EU', scopes: { orders: { field: 'team', operator: 'Equal', value: 'EU' } } },
    ];
    data.renderings.invalidate();

    expect(scopeOf(await service.getScope?.(caller, 'orders'))).toEqual({
      field: 'team',
      operator: 'Equal',
      value: 'EU',
    });
  });

  test('never serves a scope built before a refresh of the users', async () => {
    const { service, platform, data } = makeService({ users: [eve({ region: 'EU' })] });
    expect(scopeOf(await service.getScope?.(caller, 'orders'))).toMatchObject({ value: 'EU' });

    platform.users = [eve({ region: 'US' })];
    data.users.invalidate();

    expect(scopeOf(await service.getScope?.(caller, 'orders'))).toMatchObject({ value: 'US' });
  });

  test('refuses a user removed by a refresh of the users, scope and checks alike', async () => {
    const { service, platform, data } = makeService({ users: [eve({ region: 'EU' })] });
    await expect(service.can(caller, 'browse', 'orders')).resolves.toBeUndefined();
    expect(await service.getScope?.(caller, 'orders')).not.toBeNull();

    platform.users = [eve({ region: 'EU' }, { id: 8 })];
    data.users.invalidate();

    await expect(service.getScope?.(caller, 'orders')).rejects.toMatchObject({ name: 'ForbiddenError' });
    await expect(service.can(caller, 'browse', 'orders')).rejects.toMatchObject({ name: 'ForbiddenError' });
  });

  test('refuses a right revoked by a refresh of the permissions from the next check on', async () => {
    const { service, platform, data } = makeService();
    await expect(service.can(caller, 'browse', 'orders')).resolves.toBeUndefined();

    platform.roles = [
      { role: 'Editor', allowsEverything: false, collections: { orders: { ...RIGHTS, browse: false } }, charts: false },
    ];
    data.roles.invalidate();

    await expect(service.can(caller, 'browse', 'orders')).rejects.toMatchObject({ name: 'ForbiddenError' });
  });

  test('applies a role changed by a refresh of the users from the next check on', async () => {
    const { service, platform, data } = makeService({ users: [eve({}, { role: 'Admin' })] });
    await expect(service.can(caller, 'delete', 'orders')).resolves.toBeUndefined();

    platform.users = [eve({})];
    data.users.invalidate();

    await expect(service.can(caller, 'delete', 'orders')).rejects.toMatchObject({ name: 'ForbiddenError' });
  });
});

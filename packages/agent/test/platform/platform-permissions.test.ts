import { makeCaller } from '@platform/datasource-toolkit/testing';
import type { PlatformUser, Rendering, RolePermissions } from '@platform/platform-contract';
import { CachedResource } from '../../src/platform/cached-resource';
import { createPlatformPermissions } from '../../src/platform/platform-permissions';

const RIGHTS = {
  browse: true,
  read: true,
  add: false,
  edit: false,
  delete: false,
  export: false,
  actions: { Refund: true },
};

function makeService(overrides: { roles?: RolePermissions[]; users?: PlatformUser[]; renderings?: Rendering[] } = {}) {
  const loads = { roles: 0, users: 0, renderings: 0 };
  const options = { name: 'test', refreshAfterMs: 60_000, maxAgeMs: 300_000, logger: () => undefined };
  const resource = <T>(kind: keyof typeof loads, value: T) =>
    new CachedResource(async () => {
      loads[kind] += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return value;
    }, options);
  const roles: RolePermissions[] = overrides.roles ?? [
    { role: 'Editor', allowsEverything: false, collections: { orders: RIGHTS }, charts: false },
    { role: 'Admin', allowsEverything: true, collections: {}, charts: true },
  ];
  const users: PlatformUser[] = overrides.users ?? [
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
  ];
  const renderings: Rendering[] = overrides.renderings ?? [
    {
      id: 2,
      team: 'EU',
      scopes: { orders: { field: 'region', operator: 'Equal', value: '{{currentUser.tags.region}}' } },
    },
  ];
  const service = createPlatformPermissions({
    roles: resource('roles', new Map<string, RolePermissions>(roles.map((role) => [role.role, role]))),
    users: resource('users', new Map<number, PlatformUser>(users.map((user) => [user.id, user]))),
    renderings: resource(
      'renderings',
      new Map<number, Rendering>(renderings.map((rendering) => [rendering.id, rendering])),
    ),
  });

  return { service, loads };
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

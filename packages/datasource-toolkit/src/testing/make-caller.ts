import type { Caller } from '@platform/datasource-toolkit';

/**
 * A caller in UTC with harmless defaults; each test overrides what it is about.
 *
 * @example makeCaller({ timezone: 'Europe/Paris' })
 */
export function makeCaller(overrides: Partial<Caller> = {}): Caller {
  return {
    id: 1,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    team: 'Operations',
    role: 'Admin',
    tags: {},
    timezone: 'UTC',
    ...overrides,
  };
}

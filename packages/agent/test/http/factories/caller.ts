import type { Caller } from '@platform/datasource-toolkit';

/** A caller in UTC; tests override what they need. */
export function makeCaller(overrides: Partial<Caller> = {}): Caller {
  return {
    id: 7,
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

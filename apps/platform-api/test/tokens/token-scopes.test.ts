import { grantsScope } from '../../src/tokens/token-scopes';

describe('grantsScope', () => {
  test('grants a scope the token holds', () => {
    expect(grantsScope(['notes:read'], 'read-only', 'notes:read')).toBe(true);
  });

  test('refuses a scope the token does not hold', () => {
    expect(grantsScope(['notes:read'], 'read-write', 'admin_logs:read')).toBe(false);
  });

  test('all grants every scope on a Read-Write token', () => {
    expect(grantsScope(['all'], 'read-write', 'notes:write')).toBe(true);
    expect(grantsScope(['all'], 'read-write', 'activity_logs:read')).toBe(true);
  });

  test('all grants only the read scopes on a Read-Only token', () => {
    expect(grantsScope(['all'], 'read-only', 'admin_logs:read')).toBe(true);
    expect(grantsScope(['all'], 'read-only', 'notes:write')).toBe(false);
  });

  test('a write scope is refused on a Read-Only token even if held', () => {
    expect(grantsScope(['notes:write'], 'read-only', 'notes:write')).toBe(false);
  });
});

import { Prisma } from '../generated/prisma/client';
import type { TokenRule } from './token-rule';
import { isWriteScope } from './token-scopes';

/**
 * `requireToken`'s checks (the project, then `tokenRefusal`) as one SQL condition over a row of
 * `TOKEN_COLUMNS` aliased `token`: true exactly when the middleware would let the token through
 * for `rule` on the project named `projectName` at `now`. A statement that authenticates the token and reads data in the
 * same round trip gates its read with it, so that nothing is read for a caller the middleware
 * refuses; the middleware still runs on the row and words the refusal.
 *
 * The two must never disagree: test/tokens/token-rule-predicate.test.ts runs both over every
 * state a token can be in. A route finding them disagreeing answers 500 rather than guess.
 */
export function tokenRulePredicate(rule: TokenRule, projectName: string, now: Date): Prisma.Sql {
  const { scopes, requireAdmin = true, requireWrite = false } = rule;
  const conditions: Prisma.Sql[] = [
    Prisma.sql`token."revokedAt" IS NULL`,
    // Bound as ISO 8601 text with its Z: the driver adapters would send a Date as zone-less wall time.
    Prisma.sql`(token."expiresAt" IS NULL OR token."expiresAt" > ${now.toISOString()}::timestamptz)`,
    Prisma.sql`token."projectName" = ${projectName}`,
    Prisma.sql`token."membershipRole" IS NOT NULL`,
    Prisma.sql`(NOT token."projectUsesSso" OR token."createdInSsoSession")`,
  ];
  if (requireAdmin) conditions.push(Prisma.sql`token."membershipRole" = 'Admin' AND token."createdByAdmin"`);
  if (requireWrite) conditions.push(Prisma.sql`token."permissionLevel" = 'ReadWrite'`);
  if (scopes.length > 0) {
    // grantsScope: the scope itself or `all`, and a write scope only for a read-write token.
    const grants = scopes.map((scope) => {
      const held = Prisma.sql`(${scope} = ANY(token.scopes) OR 'all' = ANY(token.scopes))`;
      return isWriteScope(scope) ? Prisma.sql`(token."permissionLevel" = 'ReadWrite' AND ${held})` : held;
    });
    conditions.push(Prisma.sql`(${Prisma.join(grants, ' OR ')})`);
  }
  return Prisma.join(conditions, ' AND ');
}

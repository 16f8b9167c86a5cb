import type { FixtureKind } from '../fixtures';
import { describeAggregate } from './cases/aggregate-cases';
import { describeDatabaseLimits } from './cases/database-limit-cases';
import { describeErrors } from './cases/error-cases';
import { describeList } from './cases/list-cases';
import { describeNativeQueries } from './cases/native-query-cases';
import { describeOperators } from './cases/operator-cases';
import { describeSearch } from './cases/search-cases';
import { describeWrites } from './cases/write-cases';
import { useContractEnv } from './contract-env';

/**
 * The behaviour every SQL dialect shares, run against the same seeded fixture schema. Each
 * dialect's test file calls it, and adds only its own quirks.
 */
export function runSqlContract(kind: FixtureKind): void {
  describe('reads', () => {
    const env = useContractEnv(kind);
    describe('list', () => describeList(env));
    describe('operators', () => describeOperators(env));
    describe('search', () => describeSearch(env));
    describe('aggregate', () => describeAggregate(env));
    describe('native queries', () => describeNativeQueries(env));
    describe('bad input and injection', () => describeErrors(env));
    describe('database limits', () => describeDatabaseLimits(env));
  });

  // Writes get their own database, so that reads above never depend on their order.
  describe('writes', () => {
    const env = useContractEnv(kind);
    describeWrites(env);
  });
}

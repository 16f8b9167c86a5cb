import {
  ConditionTreeBranch,
  ConditionTreeLeaf,
  Filter,
  isErrorOfKind,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { type ContractEnv, makeCaller, sortedIds } from '../contract-env';

const ids = (count: number, from: number) => Array.from({ length: count }, (_, index) => from + index);

/**
 * Values and sizes the database itself refuses (issue #20), per dialect: each is refused as a
 * typed `ValidationError` (so the agent answers 400), never a driver error, and no row changes.
 */
export function describeDatabaseLimits(env: () => ContractEnv): void {
  const caller = makeCaller();
  const books = () => env().dataSource.getCollection('books');
  const listWhere = (conditionTree: ConditionTreeLeaf | ConditionTreeBranch) =>
    books().list(caller, new PaginatedFilter({ conditionTree }), new Projection('id'));
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );
  const titles = async () =>
    (await books().list(caller, new PaginatedFilter({}), new Projection('id', 'title')))
      .map((book) => `${book.id}:${book.title}`)
      .sort();

  test('a NUL character in text is refused on PostgreSQL before any SQL, and compared elsewhere', async () => {
    env().statements.length = 0;

    const result = listWhere(new ConditionTreeLeaf('title', 'Equal', 'Du\u0000ne'));

    if (env().kind === 'postgres') {
      const error = await failureOf(result);
      expect(error).toMatchObject({ name: 'InvalidValueError', message: expect.stringContaining("'title'") });
      expect(isErrorOfKind(error, 'ValidationError')).toBe(true);
      expect(env().statements).toEqual([]);
    } else {
      expect(await result).toEqual([]);
    }
  });

  test('a NUL character in an update is refused on PostgreSQL and changes no row', async () => {
    const before = await titles();
    expect(before).toHaveLength(24);
    if (env().kind !== 'postgres') return; // MariaDB and SQLite store U+0000 like any character

    const error = await failureOf(
      books().update(caller, new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) }), {
        title: 'a\u0000b',
      }),
    );

    expect(error).toMatchObject({ name: 'InvalidValueError' });
    expect(await titles()).toEqual(before);
  });

  test('a regular expression the database cannot compile is an InvalidValueError', async () => {
    if (env().kind === 'sqlite') return; // Match is emulated in memory on SQLite
    // Valid in JavaScript: PostgreSQL has no named groups, PCRE and ICU no unbounded lookbehind.
    const source = env().kind === 'postgres' ? '/(?<first>D)une/' : '/(?<=D+)une/';

    const error = await failureOf(listWhere(new ConditionTreeLeaf('title', 'Match', source)));

    expect(error).toMatchObject({ name: 'InvalidValueError' });
    expect(isErrorOfKind(error, 'ValidationError')).toBe(true);
  });

  test('an In list of 70,000 ids selects exactly the matching records', async () => {
    const result = await listWhere(new ConditionTreeLeaf('id', 'In', [3, 5, ...ids(70_000, 1_000)]));

    expect(sortedIds(result)).toEqual([3, 5]);
  });

  test('a NotIn list of 70,000 ids excludes exactly those records', async () => {
    const result = await listWhere(new ConditionTreeLeaf('id', 'NotIn', [...ids(22, 3), ...ids(70_000, 1_000)]));

    expect(sortedIds(result)).toEqual([1, 2]);
  });

  test('an In list of 70,000 titles matches text exactly, quotes and braces included', async () => {
    const tricky = ['a"b', 'c\\d', '{e,f}', 'NULL', "g'h", ''];
    const result = await listWhere(
      new ConditionTreeLeaf('title', 'In', ['The Aleph', ...tricky, ...ids(70_000, 0).map((id) => `Book ${id}`)]),
    );

    expect(result).toHaveLength(1);
  });

  test('an Or of 70,000 conditions states a limit on PostgreSQL and SQLite, and runs on MariaDB', async () => {
    const conditions = [3, ...ids(69_999, 1_000)].map((id) => new ConditionTreeLeaf('id', 'Equal', id));

    const result = listWhere(new ConditionTreeBranch('Or', conditions));

    if (env().kind === 'mariadb') {
      // mysql2 interpolates values client-side: there is no placeholder limit to pass.
      expect(sortedIds(await result)).toEqual([3]);
    } else {
      const error = await failureOf(result);
      const limit = env().kind === 'postgres' ? '65,535' : '1,000 levels';
      expect(error).toMatchObject({ name: 'QueryTooLargeError', message: expect.stringContaining(limit) });
    }
  });
}

import {
  allowedOperatorsForColumnType,
  ConditionTreeLeaf,
  createInMemoryDataSource,
  INTERVAL_OPERATORS,
  LIST_OPERATORS,
  type Operator,
  PaginatedFilter,
  Projection,
  UNIQUE_OPERATORS,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';

const dataSource = createInMemoryDataSource(
  {
    items: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        name: { type: 'Column', columnType: 'String' },
        at: { type: 'Column', columnType: 'Date' },
        tags: { type: 'Column', columnType: ['String'] },
      },
    },
  },
  {
    items: [
      { id: 1, name: 'Alpha', at: new Date(Date.now() - 3_600_000).toISOString(), tags: ['a', 'b'] },
      { id: 2, name: 'beta', at: '2020-01-01T00:00:00Z', tags: [] },
      { id: 3, name: null, at: null, tags: null },
    ],
  },
);

const sampleValue = (column: 'id' | 'name' | 'at' | 'tags', operator: Operator): unknown => {
  if (UNIQUE_OPERATORS.includes(operator)) return undefined;
  if (INTERVAL_OPERATORS.includes(operator) || operator === 'LongerThan' || operator === 'ShorterThan') return 2;
  if (LIST_OPERATORS.includes(operator)) {
    return { id: [1, 2], name: ['Alpha'], at: ['2020-01-01T00:00:00Z'], tags: ['a'] }[column];
  }
  if (column === 'id') return 2;
  if (column === 'at') return '2021-01-01T00:00:00Z';
  if (column === 'tags') return ['a', 'b'];
  if (operator === 'Like' || operator === 'ILike') return '%a%';

  return 'a';
};

describe('in-memory data source operators', () => {
  const cases = (['id', 'name', 'at', 'tags'] as const).flatMap((column) => {
    const columnType = { id: 'Number', name: 'String', at: 'Date', tags: ['String'] } as const;

    return [...allowedOperatorsForColumnType(columnType[column])].map((operator) => [column, operator] as const);
  });

  test.each(cases)('filters %s with %s', async (column, operator) => {
    const conditionTree = new ConditionTreeLeaf(column, operator, sampleValue(column, operator));

    const records = await dataSource
      .getCollection('items')
      .list(makeCaller(), new PaginatedFilter({ conditionTree }), new Projection('id'));

    expect(Array.isArray(records)).toBe(true);
  });

  test.each([
    ['name', 'IContains', 'ALP', [1]],
    ['name', 'Like', 'b%', [2]],
    ['name', 'Missing', undefined, [3]],
    ['id', 'In', [1, 3], [1, 3]],
    ['at', 'Before', '2021-01-01T00:00:00Z', [2]],
    ['at', 'AfterXHoursAgo', 2, [1]],
    ['tags', 'IncludesAll', ['a', 'b'], [1]],
  ] as const)('%s %s %p matches %p', async (column, operator, value, ids) => {
    const conditionTree = new ConditionTreeLeaf(column, operator, value);

    const records = await dataSource
      .getCollection('items')
      .list(makeCaller(), new PaginatedFilter({ conditionTree }), new Projection('id'));

    expect(records.map((record) => record.id)).toEqual(ids);
  });
});

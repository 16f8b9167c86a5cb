import { ConditionTreeLeaf, type Operator, PaginatedFilter, Projection, Sort } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { ObjectId } from 'mongodb';
import { ADA, GRACE, makeShopDataSource, makeShopDocuments } from '../factories/shop-documents';

const LIN = new ObjectId('65a000000000000000000003');
const FUTURE_ORDER = new ObjectId('65b000000000000000000004');
const TODAY_ORDER = new ObjectId('65b000000000000000000005');

function documents() {
  const shop = makeShopDocuments();
  return {
    ...shop,
    customers: [
      ...(shop.customers ?? []),
      { _id: LIN, name: 'Lin', address: { city: 'Oslo', zip: '0150' }, tags: ['vip'] },
    ],
    orders: [
      ...(shop.orders ?? []),
      {
        _id: FUTURE_ORDER,
        customerId: GRACE,
        total: 5,
        status: 'open',
        placedAt: new Date('2099-01-01T00:00:00Z'),
        lines: [],
      },
      { _id: TODAY_ORDER, customerId: GRACE, total: 7, status: 'open', placedAt: new Date(), lines: [] },
    ],
  };
}

async function names(operator: Operator, field: string, value?: unknown): Promise<unknown[]> {
  const { dataSource } = await makeShopDataSource({}, documents());
  const filter = new PaginatedFilter({
    conditionTree: new ConditionTreeLeaf(field, operator, value),
    sort: Sort.fromString('name'),
  });
  const records = await dataSource.getCollection('customers').list(makeCaller(), filter, new Projection('name'));

  return records.map((record) => record.name);
}

async function totals(operator: Operator, field: string, value?: unknown): Promise<unknown[]> {
  const { dataSource } = await makeShopDataSource({}, documents());
  const filter = new PaginatedFilter({
    conditionTree: new ConditionTreeLeaf(field, operator, value),
    sort: Sort.fromString('total'),
  });
  const records = await dataSource.getCollection('orders').list(makeCaller(), filter, new Projection('total'));

  return records.map((record) => record.total);
}

describe('operators on text and array fields (customers Ada, Grace with an empty email, Lin without one)', () => {
  test.each<[Operator, string, unknown, string[]]>([
    ['Present', 'email', undefined, ['Ada']],
    ['Blank', 'email', undefined, ['Grace', 'Lin']],
    ['Missing', 'email', undefined, ['Lin']],
    ['Equal', 'name', 'Ada', ['Ada']],
    ['NotEqual', 'name', 'Ada', ['Grace', 'Lin']],
    ['In', 'name', ['Ada', 'Lin'], ['Ada', 'Lin']],
    ['NotIn', 'name', ['Ada'], ['Grace', 'Lin']],
    ['LessThan', 'name', 'B', ['Ada']],
    ['LessThanOrEqual', 'name', 'Grace', ['Ada', 'Grace']],
    ['GreaterThan', 'name', 'Grace', ['Lin']],
    ['GreaterThanOrEqual', 'name', 'Grace', ['Grace', 'Lin']],
    ['Like', 'name', 'G%e', ['Grace']],
    ['ILike', 'name', 'g_ace', ['Grace']],
    ['Contains', 'name', 'ra', ['Grace']],
    ['IContains', 'name', 'ADA', ['Ada']],
    ['NotContains', 'name', 'a', ['Lin']],
    ['NotIContains', 'name', 'L', ['Ada', 'Grace']],
    ['StartsWith', 'name', 'Li', ['Lin']],
    ['IStartsWith', 'name', 'li', ['Lin']],
    ['EndsWith', 'name', 'ce', ['Grace']],
    ['IEndsWith', 'name', 'DA', ['Ada']],
    ['LongerThan', 'name', 3, ['Grace']],
    ['ShorterThan', 'name', 4, ['Ada', 'Lin']],
    ['Match', 'name', '/^[ag]/i', ['Ada', 'Grace']],
    ['IncludesAll', 'tags', ['vip', 'early'], ['Ada']],
    ['IncludesNone', 'tags', ['vip'], ['Grace']],
    ['Equal', '_id', LIN.toHexString(), ['Lin']],
  ])('%s on %s keeps a proper subset', async (operator, field, value, expected) => {
    expect(await names('Equal', 'name', 'Nobody')).toEqual([]);
    expect(expected.length).toBeLessThan(3);
    expect(await names(operator, field, value)).toEqual(expected);
  });
});

describe('operators on numbers, dates and references (orders of 30, 12.5, 99, a future 5, a today 7)', () => {
  test.each<[Operator, string, unknown, number[]]>([
    ['GreaterThan', 'total', 20, [30, 99]],
    ['Before', 'placedAt', '2026-03-01T00:00:00Z', [99]],
    ['After', 'placedAt', '2026-04-01T00:00:00Z', [5, 7, 12.5]],
    ['Equal', 'customerId', ADA.toHexString(), [12.5, 30]],
    ['NotIn', 'customerId', [GRACE.toHexString()], [12.5, 30]],
    ['Equal', 'customer:name', 'Ada', [12.5, 30]],
    // Not native: the toolkit's equivalence rewrites them into ranges in the caller's zone.
    ['Future', 'placedAt', undefined, [5]],
    ['Today', 'placedAt', undefined, [7]],
    ['PreviousXDaysToDate', 'placedAt', 2, [7]],
    ['Yesterday', 'placedAt', undefined, []],
  ])('%s on %s keeps a proper subset', async (operator, field, value, expected) => {
    expect(await totals('Present', 'total')).toHaveLength(5);

    expect(await totals(operator, field, value)).toEqual(expected);
  });
});

describe('patterns on ObjectId fields', () => {
  test('compare the hex string, so that a search finds a record by its id', async () => {
    const { dataSource } = await makeShopDataSource({}, documents());
    const filter = new PaginatedFilter({ search: LIN.toHexString().toUpperCase(), sort: Sort.fromString('name') });

    const records = await dataSource.getCollection('customers').list(makeCaller(), filter, new Projection('name'));

    expect(records).toEqual([{ name: 'Lin' }]);
  });

  test.each<[Operator, string, string[]]>([
    ['StartsWith', '65a', ['Ada', 'Grace', 'Lin']],
    ['EndsWith', '3', ['Lin']],
    ['NotContains', '0003', ['Ada', 'Grace']],
  ])('%s on _id keeps what the hex string matches', async (operator, value, expected) => {
    expect(await names(operator, '_id', value)).toEqual(expected);
  });
});

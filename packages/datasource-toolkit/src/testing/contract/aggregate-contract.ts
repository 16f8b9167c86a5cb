import { Aggregation, ConditionTreeLeaf, Filter } from '@platform/datasource-toolkit';
import { makeCaller } from '../make-caller';
import type { ContractDataSource } from './run-collection-contract';

/** Aggregates of the library's books: counts under a filter, sums grouped by a relation field. */
export function describeAggregateContract(dataSource: ContractDataSource): void {
  const caller = makeCaller();
  const books = () => dataSource().getCollection('books');

  test('counts the records a filter matches', async () => {
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 9) });

    expect(await books().aggregate(caller, filter, new Aggregation({ operation: 'Count' }))).toEqual([
      { value: 2, group: {} },
    ]);
  });

  test('sums grouped by a relation field, largest group first', async () => {
    const aggregation = new Aggregation({ operation: 'Sum', field: 'price', groups: [{ field: 'author:name' }] });

    expect(await books().aggregate(caller, new Filter(), aggregation)).toEqual([
      { value: 22, group: { 'author:name': 'Frank Herbert' } },
      { value: 8, group: { 'author:name': 'Ursula Le Guin' } },
    ]);
  });

  test('keeps the groups up to the limit, and refuses a limit that is not an integer of 0 or more', async () => {
    const aggregation = new Aggregation({ operation: 'Sum', field: 'price', groups: [{ field: 'author:name' }] });

    expect(await books().aggregate(caller, new Filter(), aggregation, 1)).toEqual([
      { value: 22, group: { 'author:name': 'Frank Herbert' } },
    ]);
    for (const limit of [-1, 1.5, Number.NaN]) {
      await expect(books().aggregate(caller, new Filter(), aggregation, limit)).rejects.toMatchObject({
        name: 'ValidationError',
        message: `Invalid aggregation limit ${String(limit)}: expected an integer of 0 or more.`,
      });
    }
  });
}

import { ConditionTreeLeaf, Filter } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { DataSourceCustomizer } from '../../src';
import { makeCountingLibrary } from '../factories/make-counting-library';

// This file is type-checked with the package (`pnpm typecheck` covers test/): `addHook` narrows the
// handler's context to the position and type given, as users expect in their editors.
describe('CollectionCustomizer.addHook', () => {
  test('gives a Before Create hook the records to create, typed', async () => {
    const seen: string[] = [];
    const customizer = new DataSourceCustomizer().addDataSource(async () => makeCountingLibrary());
    customizer.customizeCollection('books', (books) =>
      books.addHook('Before', 'Create', (context) => {
        for (const record of context.data) seen.push(String(record.title));
      }),
    );
    const books = (await customizer.getDataSource(silentLogger)).getCollection('books');

    await books.create(makeCaller(), [{ title: 'Kindred', price: 9, authorId: 1 }]);

    expect(seen).toEqual(['Kindred']);
  });

  test('gives a Before Delete hook its filter and no records', async () => {
    const filters: unknown[] = [];
    const customizer = new DataSourceCustomizer().addDataSource(async () => makeCountingLibrary());
    customizer.customizeCollection('books', (books) =>
      books.addHook('Before', 'Delete', (context) => {
        // @ts-expect-error a Delete context has no `data`: only Create hooks receive records.
        filters.push(context.data);
        filters.push(context.filter.conditionTree?.toPlainObject());
      }),
    );
    const books = (await customizer.getDataSource(silentLogger)).getCollection('books');

    await books.delete(makeCaller(), new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) }));

    expect(filters).toEqual([undefined, { field: 'id', operator: 'Equal', value: 1 }]);
  });
});

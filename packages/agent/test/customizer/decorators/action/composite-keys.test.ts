import { ConditionTreeLeaf, createInMemoryDataSource, Filter } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { ActionCollectionDecorator } from '../../../../src/customizer/decorators/action/action-collection-decorator';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';

/** Editions keyed by (bookId, code), where a code may hold the '|' separator. */
function makeEditions() {
  const dataSource = createInMemoryDataSource(
    {
      editions: {
        fields: {
          bookId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          code: { type: 'Column', columnType: 'String', isPrimaryKey: true },
        },
      },
    },
    {
      editions: [
        { bookId: 1, code: 'a|b' },
        { bookId: 2, code: 'c' },
      ],
    },
  );

  return new DataSourceDecorator(dataSource, ActionCollectionDecorator).getCollection('editions');
}

const firstEdition = new Filter({ conditionTree: new ConditionTreeLeaf('bookId', 'Equal', 1) });

describe('actions on a collection with a composite primary key', () => {
  test('getRecordIds returns packed ids and getCompositeRecordIds their parts', async () => {
    const editions = makeEditions();
    let ids: unknown;
    editions.addAction('Inspect', {
      scope: 'Bulk',
      execute: async (context) => {
        ids = [await context.getRecordIds(), await context.getCompositeRecordIds()];
      },
    });

    await editions.execute(makeCaller(), 'Inspect', {}, new Filter());

    expect(ids).toEqual([
      ['1|a\\|b', '2|c'],
      [
        [1, 'a|b'],
        [2, 'c'],
      ],
    ]);
  });

  test('getRecordId of a Single action returns the packed id', async () => {
    const editions = makeEditions();
    let id: unknown;
    editions.addAction('Inspect', {
      scope: 'Single',
      execute: async (context) => {
        id = await context.getRecordId();
      },
    });

    await editions.execute(makeCaller(), 'Inspect', {}, firstEdition);

    expect(id).toBe('1|a\\|b');
  });

  test('a Collection field unpacks a composite packed id', async () => {
    const editions = makeEditions();
    let values: unknown;
    editions.addAction('Link', {
      scope: 'Global',
      form: [{ label: 'Edition', type: 'Collection', collectionName: 'editions' }],
      execute: async (context) => {
        values = context.formValues;
      },
    });

    await editions.execute(makeCaller(), 'Link', { Edition: '2|x\\|y' });

    expect(values).toEqual({ Edition: [2, 'x|y'] });
  });

  test('a Collection field rejects a packed id with a missing part', async () => {
    const editions = makeEditions();
    editions.addAction('Link', {
      scope: 'Global',
      form: [{ label: 'Edition', type: 'Collection', collectionName: 'editions' }],
      execute: async () => undefined,
    });

    const run = editions.execute(makeCaller(), 'Link', { Edition: '2' });

    await expect(run).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringMatching(/'Edition' expects the packed id of a 'editions' record.*expected 2 part/),
    });
  });
});

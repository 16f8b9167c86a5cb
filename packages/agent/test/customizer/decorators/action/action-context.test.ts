import { Filter } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import type {
  ActionContext,
  ActionContextBulk,
  ActionContextSingle,
} from '../../../../src/customizer/decorators/action/types';
import { booksWithIds, makeBooks } from './make-books';

/** Runs a Single action whose execute hands its context to `use`, and returns what `use` returned. */
async function runSingle<T>(use: (context: ActionContextSingle) => Promise<T>, filter = booksWithIds(3)) {
  const { books, child } = makeBooks();
  let output: T | undefined;
  books.addAction('Inspect', {
    scope: 'Single',
    execute: async (context) => {
      output = await use(context);
    },
  });
  await books.execute(makeCaller(), 'Inspect', {}, filter);

  return { output: output as T, child };
}

async function runBulk<T>(
  use: (context: ActionContextBulk) => Promise<T>,
  filter: Filter | undefined = booksWithIds(1, 3),
) {
  const { books, child } = makeBooks();
  let output: T | undefined;
  books.addAction('Inspect', {
    scope: 'Bulk',
    execute: async (context) => {
      output = await use(context);
    },
  });
  await books.execute(makeCaller(), 'Inspect', {}, filter);

  return { output: output as T, child };
}

async function runGlobal(use: (context: ActionContext) => Promise<unknown>) {
  const { books } = makeBooks();
  books.addAction('Inspect', { scope: 'Global', execute: async (context) => void (await use(context)) });

  return books.execute(makeCaller(), 'Inspect', {});
}

describe('ActionContext of a Single action', () => {
  test('getRecord returns the selected record with the fields asked and its primary key', async () => {
    const { output } = await runSingle((context) => context.getRecord(['title', 'author:name']));

    expect(output).toEqual({ id: 3, title: 'Children of Dune', author: { id: 1, name: 'Frank Herbert' } });
  });

  test('getRecordId and getCompositeRecordId return the id of the selected record', async () => {
    const { output } = await runSingle(async (context) => [
      await context.getRecordId(),
      await context.getCompositeRecordId(),
    ]);

    expect(output).toEqual([3, [3]]);
  });

  test('getField reads one field, through relations too', async () => {
    const { output } = await runSingle(async (context) => [
      await context.getField('title'),
      await context.getField('author:name'),
    ]);

    expect(output).toEqual(['Children of Dune', 'Frank Herbert']);
  });

  test('getRecords, getRecordIds and getCompositeRecordIds return the one record as a list', async () => {
    const { output } = await runSingle(async (context) => [
      await context.getRecords(['title']),
      await context.getRecordIds(),
      await context.getCompositeRecordIds(),
    ]);

    expect(output).toEqual([[{ id: 3, title: 'Children of Dune' }], [3], [[3]]]);
  });

  test('exposes the caller, the filter, the collection and its data source', async () => {
    const caller = makeCaller({ email: 'grace@example.com' });
    const { books } = makeBooks();
    const filter = booksWithIds(2);
    let seen: ActionContextSingle | undefined;
    books.addAction('Inspect', {
      scope: 'Single',
      execute: (context) => {
        seen = context;
        return undefined;
      },
    });

    await books.execute(caller, 'Inspect', {}, filter);

    expect(seen?.caller).toBe(caller);
    expect(seen?.filter).toBe(filter);
    expect(seen?.collection).toBe(books);
    expect(seen?.dataSource).toBe(books.dataSource);
  });

  test('fetches the records once for every context method and field of a request', async () => {
    const { child } = await runSingle(async (context) => {
      await Promise.all([context.getRecord(['title']), context.getField('price'), context.getRecordId()]);
      await context.getField('title');
      return context.getRecords(['price']);
    });

    expect(child.callsOf('list')).toHaveLength(1);
    const projection = child.callsOf('list')[0]?.args[2] as string[];
    expect([...projection].sort()).toEqual(['id', 'price', 'title']);
  });

  test('lists again, with every field asked so far, only when a later call needs a new field', async () => {
    const { child, output } = await runSingle(async (context) => {
      await context.getRecord(['title']);
      await context.getRecord(['price']);
      return context.getRecord(['title', 'price']);
    });

    expect(output).toEqual({ id: 3, title: 'Children of Dune', price: 12 });
    expect(child.callsOf('list')).toHaveLength(2);
  });

  test('getRecord throws a NotFoundError when the selected record does not exist', async () => {
    const { books } = makeBooks();
    books.addAction('Inspect', { scope: 'Single', execute: async (context) => void (await context.getRecord([])) });

    const run = books.execute(makeCaller(), 'Inspect', {}, booksWithIds(99));

    await expect(run).rejects.toMatchObject({
      name: 'NotFoundError',
      message: expect.stringMatching(/does not exist/),
    });
  });

  test('getRecord throws a ValidationError when the filter selects several records', async () => {
    const { books } = makeBooks();
    books.addAction('Inspect', { scope: 'Single', execute: async (context) => void (await context.getRecord([])) });

    const run = books.execute(makeCaller(), 'Inspect', {}, booksWithIds(1, 2));

    await expect(run).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringMatching(/selects 2/) });
  });

  test('getRecord throws a MissingFieldError for an unknown field', async () => {
    const { books } = makeBooks();
    books.addAction('Inspect', {
      scope: 'Single',
      execute: async (context) => void (await context.getRecord(['nickname'])),
    });

    const run = books.execute(makeCaller(), 'Inspect', {}, booksWithIds(1));

    await expect(run).rejects.toMatchObject({ name: 'MissingFieldError' });
  });

  test('getRecord throws a ValidationError when the request has no filter', async () => {
    const { books } = makeBooks();
    books.addAction('Inspect', { scope: 'Single', execute: async (context) => void (await context.getRecord([])) });

    const run = books.execute(makeCaller(), 'Inspect', {});

    await expect(run).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringMatching(/no filter/) });
  });

  test('getRecord rejects fields that are not an array of names', async () => {
    const { books } = makeBooks();
    books.addAction('Inspect', {
      scope: 'Single',
      execute: async (context) => void (await context.getRecord('title' as unknown as string[])),
    });

    const run = books.execute(makeCaller(), 'Inspect', {}, booksWithIds(1));

    await expect(run).rejects.toThrow(/array of field names/);
  });
});

describe('ActionContext of a Bulk action', () => {
  test('getRecords returns the selected records with the fields asked', async () => {
    const { output } = await runBulk((context) => context.getRecords(['title']));

    expect(output).toEqual([
      { id: 1, title: 'Dune' },
      { id: 3, title: 'Children of Dune' },
    ]);
  });

  test('getRecordIds and getCompositeRecordIds return the ids of the selected records', async () => {
    const { output } = await runBulk(async (context) => [
      await context.getRecordIds(),
      await context.getCompositeRecordIds(),
    ]);

    expect(output).toEqual([
      [1, 3],
      [[1], [3]],
    ]);
  });

  test('fetches the selected records once for parallel and covered calls', async () => {
    const { child } = await runBulk(async (context) => {
      await Promise.all([context.getRecords(['title']), context.getRecords(['price']), context.getRecordIds()]);
      return context.getCompositeRecordIds();
    });

    expect(child.callsOf('list')).toHaveLength(1);
  });

  test('keeps the segment and search of the filter', async () => {
    const filter = new Filter({ search: 'the' });

    const { output } = await runBulk((context) => context.getRecordIds(), filter);

    expect(output).toEqual([2]);
  });

  test.each([
    ['getRecord', (context: ActionContextBulk) => context.getRecord(['title'])],
    ['getRecordId', (context: ActionContextBulk) => context.getRecordId()],
    ['getCompositeRecordId', (context: ActionContextBulk) => context.getCompositeRecordId()],
    ['getField', (context: ActionContextBulk) => context.getField('title')],
  ])('%s throws an Error saying it is for Single actions only', async (method, call) => {
    const run = runBulk(async (context) => call(context));

    await expect(run).rejects.toThrow(`context.${method}() is not available in Bulk action 'Inspect'`);
    await expect(run).rejects.toThrow(/Single actions only/);
  });
});

describe('ActionContext of a Global action', () => {
  test('has an empty filter and no changed field', async () => {
    let seen: ActionContext | undefined;

    await runGlobal(async (context) => {
      seen = context;
    });

    expect(seen?.filter).toEqual(new Filter());
    expect(seen?.hasFieldChanged('anything')).toBe(false);
  });

  test.each([
    ['getRecords', (context: ActionContext) => context.getRecords(['title'])],
    ['getRecordIds', (context: ActionContext) => context.getRecordIds()],
    ['getCompositeRecordIds', (context: ActionContext) => context.getCompositeRecordIds()],
    ['getRecord', (context: ActionContext) => context.getRecord(['title'])],
    ['getRecordId', (context: ActionContext) => context.getRecordId()],
    ['getCompositeRecordId', (context: ActionContext) => context.getCompositeRecordId()],
    ['getField', (context: ActionContext) => context.getField('title')],
  ])('%s throws an Error saying a Global action has no selected records', async (method, call) => {
    const run = runGlobal(call);

    await expect(run).rejects.toThrow(`context.${method}() is not available in Global action 'Inspect'`);
    await expect(run).rejects.toThrow(/no selected records/);
  });

  test('formValues cannot be changed by the action', async () => {
    const run = runGlobal(async (context) => {
      (context.formValues as Record<string, unknown>).injected = true;
    });

    await expect(run).rejects.toThrow(TypeError);
  });
});

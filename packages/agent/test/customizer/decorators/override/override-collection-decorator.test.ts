import { ConditionTreeLeaf, Filter, ForbiddenError, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { createBooks, makeCaller } from './override-fixtures';

const caller = makeCaller();
const byId = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) });

describe('OverrideCollectionDecorator', () => {
  describe('handlers', () => {
    test('overrideCreate receives exactly the caller, collection, data source and data, and returns its records', async () => {
      const { books, child } = createBooks();
      const handler = jest.fn(() => [{ id: 99, title: 'Remote' }]);
      books.addCreateHandler(handler);
      const data = [{ title: 'Remote' }];

      const created = await books.create(caller, data);

      expect(created).toEqual([{ id: 99, title: 'Remote' }]);
      expect(handler).toHaveBeenCalledWith({ caller, collection: child, dataSource: child.dataSource, data });
      expect(child.calls).toHaveLength(0);
    });

    test('overrideUpdate receives exactly the caller, collection, data source, filter and patch', async () => {
      const { books, child } = createBooks();
      const handler = jest.fn();
      books.addUpdateHandler(handler);

      await books.update(caller, byId, { title: 'Changed' });

      expect(handler).toHaveBeenCalledWith({
        caller,
        collection: child,
        dataSource: child.dataSource,
        filter: byId,
        patch: { title: 'Changed' },
      });
      expect(child.calls).toHaveLength(0);
    });

    test('overrideDelete receives exactly the caller, collection, data source and filter', async () => {
      const { books, child } = createBooks();
      const handler = jest.fn();
      books.addDeleteHandler(handler);

      await books.delete(caller, byId);

      expect(handler).toHaveBeenCalledWith({ caller, collection: child, dataSource: child.dataSource, filter: byId });
      expect(child.calls).toHaveLength(0);
    });

    test('lets a handler delegate to the original write through its context', async () => {
      const { books } = createBooks();
      books.addCreateHandler(({ collection, caller: who, data }) =>
        collection.create(
          who,
          data.map((record) => ({ ...record, title: `[${String(record.title)}]` })),
        ),
      );

      const created = await books.create(caller, [{ title: 'Emma' }]);

      expect(created).toEqual([{ id: 2, title: '[Emma]' }]);
    });

    test('replaces a handler registered earlier', async () => {
      const { books } = createBooks();
      const first = jest.fn();
      const second = jest.fn();
      books.addDeleteHandler(first);
      books.addDeleteHandler(second);

      await books.delete(caller, byId);

      expect(first).not.toHaveBeenCalled();
      expect(second).toHaveBeenCalledTimes(1);
    });

    test('leaves reads and the writes it does not override to the child', async () => {
      const { books, child } = createBooks();
      books.addCreateHandler(() => []);

      await books.update(caller, byId, { title: 'Changed' });
      const records = await books.list(caller, new PaginatedFilter(), new Projection('title'));

      expect(records).toEqual([{ title: 'Changed' }]);
      expect(child.callsOf('update')).toHaveLength(1);
    });
  });

  describe('bad input', () => {
    test.each(['addCreateHandler', 'addUpdateHandler', 'addDeleteHandler'] as const)(
      '%s refuses a handler that is not a function',
      (method) => {
        const { books } = createBooks();

        expect(() => books[method]('nope' as never)).toThrow(
          expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('got string') }),
        );
      },
    );

    test('fails when a create handler returns no list of records', async () => {
      const { books } = createBooks();
      books.addCreateHandler(() => undefined as never);

      await expect(books.create(caller, [{ title: 'x' }])).rejects.toMatchObject({
        name: 'Error',
        message: "The create override of 'books' must return the created records (an array), got undefined.",
      });
    });

    test('fails when a create handler resolves to a single record instead of a list', async () => {
      const { books } = createBooks();
      books.addCreateHandler(async () => ({ id: 1 }) as never);

      await expect(books.create(caller, [{ title: 'x' }])).rejects.toMatchObject({
        name: 'Error',
        message: expect.stringContaining('must return the created records (an array), got object'),
      });
    });

    test('lets the typed errors of a handler reach the caller with their kind', async () => {
      const { books } = createBooks();
      books.addDeleteHandler(() => {
        throw new ForbiddenError('Books are archived, not deleted.');
      });

      await expect(books.delete(caller, byId)).rejects.toMatchObject({
        name: 'ForbiddenError',
        message: 'Books are archived, not deleted.',
      });
    });

    test('lets the errors of a handler through as they are', async () => {
      const { books, child } = createBooks();
      const failure = new Error('remote API refused');
      books.addUpdateHandler(async () => {
        throw failure;
      });

      await expect(books.update(caller, byId, { title: 'x' })).rejects.toBe(failure);
      expect(child.calls).toHaveLength(0);
    });

    test('freezes the context: a handler cannot swap the filter', async () => {
      const { books } = createBooks();
      books.addDeleteHandler((context) => {
        (context as { filter: Filter }).filter = new Filter();
      });

      await expect(books.delete(caller, byId)).rejects.toThrow(TypeError);
    });
  });
});

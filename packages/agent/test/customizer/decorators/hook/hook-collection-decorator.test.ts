import { Aggregation, ConditionTreeLeaf, Filter, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { sleep } from '@platform/tooling/test-helpers';
import type { HookContext } from '../../../../src/customizer/decorators/hook/types';
import { createBooks, makeCaller } from './hook-fixtures';

const caller = makeCaller();
const byId = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) });

describe('HookCollectionDecorator', () => {
  describe('contexts', () => {
    test('gives List hooks the filter and projection, and After hooks the records', async () => {
      const { books } = createBooks();
      const before = jest.fn();
      const after = jest.fn();
      books.addHook('Before', 'List', before);
      books.addHook('After', 'List', after);
      const filter = new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 15) });
      const projection = new Projection('title');

      await books.list(caller, filter, projection);

      expect(before).toHaveBeenCalledWith(expect.objectContaining({ caller, collection: books, filter, projection }));
      expect(after).toHaveBeenCalledWith(expect.objectContaining({ filter, projection, records: [{ title: 'Emma' }] }));
    });

    test('gives Create hooks the data, and After hooks the created records', async () => {
      const { books } = createBooks();
      const before = jest.fn();
      const after = jest.fn();
      books.addHook('Before', 'Create', before);
      books.addHook('After', 'Create', after);

      await books.create(caller, [{ title: 'Ulysses', price: 5 }]);

      expect(before).toHaveBeenCalledWith(expect.objectContaining({ caller, data: [{ title: 'Ulysses', price: 5 }] }));
      expect(after).toHaveBeenCalledWith(expect.objectContaining({ records: [{ id: 3, title: 'Ulysses', price: 5 }] }));
    });

    test('gives Update hooks the filter and patch, and Delete hooks the filter', async () => {
      const { books } = createBooks();
      const hooks = {
        beforeUpdate: jest.fn(),
        afterUpdate: jest.fn(),
        beforeDelete: jest.fn(),
        afterDelete: jest.fn(),
      };
      books.addHook('Before', 'Update', hooks.beforeUpdate);
      books.addHook('After', 'Update', hooks.afterUpdate);
      books.addHook('Before', 'Delete', hooks.beforeDelete);
      books.addHook('After', 'Delete', hooks.afterDelete);

      await books.update(caller, byId, { price: 12 });
      await books.delete(caller, byId);

      for (const hook of [hooks.beforeUpdate, hooks.afterUpdate]) {
        expect(hook).toHaveBeenCalledWith(expect.objectContaining({ caller, filter: byId, patch: { price: 12 } }));
      }
      for (const hook of [hooks.beforeDelete, hooks.afterDelete]) {
        expect(hook).toHaveBeenCalledWith(expect.objectContaining({ caller, filter: byId }));
      }
    });

    test('gives Aggregate hooks the filter, aggregation and limit, and After hooks the result', async () => {
      const { books } = createBooks();
      const before = jest.fn();
      const after = jest.fn();
      books.addHook('Before', 'Aggregate', before);
      books.addHook('After', 'Aggregate', after);
      const aggregation = new Aggregation({ operation: 'Sum', field: 'price' });
      const filter = new Filter();

      await books.aggregate(caller, filter, aggregation, 10);

      expect(before).toHaveBeenCalledWith(expect.objectContaining({ filter, aggregation, limit: 10 }));
      expect(after).toHaveBeenCalledWith(expect.objectContaining({ aggregateResult: [{ value: 30, group: {} }] }));
    });

    test('lets Before Create hooks change the records that are written', async () => {
      const { books } = createBooks();
      books.addHook('Before', 'Create', ({ data }) => {
        for (const record of data) record.price ??= 0;
      });

      const [created] = await books.create(caller, [{ title: 'Ulysses' }]);

      expect(created).toEqual({ id: 3, title: 'Ulysses', price: 0 });
    });

    test('runs no hook of another position or type', async () => {
      const { books } = createBooks();
      const hook = jest.fn();
      books.addHook('After', 'Create', hook);

      await books.list(caller, new PaginatedFilter(), new Projection('id'));
      await books.update(caller, byId, { price: 1 });

      expect(hook).not.toHaveBeenCalled();
    });
  });

  describe('ordering', () => {
    test('runs hooks one after the other in registration order, around the child', async () => {
      const { books, child } = createBooks();
      const events: string[] = [];
      const record = (event: string) => async () => {
        await sleep(event === 'before 1' ? 10 : 0);
        events.push(`${event} (child calls: ${child.calls.length})`);
      };
      books.addHook('Before', 'Update', record('before 1'));
      books.addHook('Before', 'Update', record('before 2'));
      books.addHook('After', 'Update', record('after 1'));
      books.addHook('After', 'Update', record('after 2'));

      await books.update(caller, byId, { price: 11 });

      expect(events).toEqual([
        'before 1 (child calls: 0)',
        'before 2 (child calls: 0)',
        'after 1 (child calls: 1)',
        'after 2 (child calls: 1)',
      ]);
    });
  });

  describe('aborting', () => {
    test.each([
      ['throwValidationError', 'ValidationError'],
      ['throwForbiddenError', 'ForbiddenError'],
      ['throwError', 'UnprocessableError'],
    ] as const)('%s aborts the operation with a %s, without calling the child', async (helper, name) => {
      const { books, child } = createBooks();
      books.addHook('Before', 'Delete', (context: HookContext) => context[helper]('Books cannot be deleted.'));

      await expect(books.delete(caller, byId)).rejects.toMatchObject({ name, message: 'Books cannot be deleted.' });
      expect(child.calls).toHaveLength(0);
    });

    test('stops at the first Before hook that throws: later hooks do not run', async () => {
      const { books, child } = createBooks();
      const later = jest.fn();
      books.addHook('Before', 'Create', ({ throwValidationError }) => throwValidationError('No title.'));
      books.addHook('Before', 'Create', later);

      await expect(books.create(caller, [{ price: 1 }])).rejects.toMatchObject({ name: 'ValidationError' });
      expect(later).not.toHaveBeenCalled();
      expect(child.calls).toHaveLength(0);
    });

    test('keeps any other error a Before hook throws as it is', async () => {
      const { books, child } = createBooks();
      const failure = new TypeError('oops');
      books.addHook('Before', 'List', () => {
        throw failure;
      });

      await expect(books.list(caller, new PaginatedFilter(), new Projection('id'))).rejects.toBe(failure);
      expect(child.calls).toHaveLength(0);
    });

    test('an After hook that throws fails the request, but the write is done', async () => {
      const { books, child } = createBooks();
      books.addHook('After', 'Update', ({ throwError }) => throwError('Notification failed.'));

      await expect(books.update(caller, byId, { price: 99 })).rejects.toMatchObject({ name: 'UnprocessableError' });
      const [record] = await child.list(caller, new PaginatedFilter(byId), new Projection('price'));
      expect(record).toEqual({ price: 99 });
    });
  });

  describe('bad input', () => {
    test('refuses an unknown position, listing the positions', () => {
      const { books } = createBooks();

      expect(() => books.addHook('Around' as never, 'List', jest.fn())).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: 'Unknown hook position "Around" on \'books\': expected one of Before, After.',
        }),
      );
    });

    test('refuses an unknown type, listing the types', () => {
      const { books } = createBooks();

      expect(() => books.addHook('Before', 'Export' as never, jest.fn())).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: 'Unknown hook type "Export" on \'books\': expected one of List, Create, Update, Delete, Aggregate.',
        }),
      );
    });

    test('refuses a handler that is not a function', () => {
      const { books } = createBooks();

      expect(() => books.addHook('After', 'List', undefined as never)).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('expected a function') }),
      );
    });

    test('freezes the context: a hook cannot swap the filter', async () => {
      const { books } = createBooks();
      books.addHook('Before', 'Delete', (context) => {
        (context as { filter: Filter }).filter = new Filter();
      });

      await expect(books.delete(caller, byId)).rejects.toThrow(TypeError);
    });
  });
});

import {
  createInMemoryDataSource,
  ForbiddenError,
  PaginatedFilter,
  Projection,
  ValidationError,
} from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDefinition } from '@platform/datasource-toolkit/testing';
import { ActionCollectionDecorator } from '../../../../src/customizer/decorators/action/action-collection-decorator';
import type { ActionDefinition } from '../../../../src/customizer/decorators/action/types';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { booksWithIds, makeBooks } from './make-books';

const noop = async () => undefined;

describe('ActionCollectionDecorator', () => {
  describe('schema', () => {
    test('adds each action with its scope, options and whether its form is static', () => {
      const { books } = makeBooks();

      books.addAction('Export', {
        scope: 'Global',
        execute: noop,
        generateFile: true,
        description: 'Exports the catalogue',
        submitButtonLabel: 'Download',
        form: [{ label: 'Format', type: 'Enum', enumValues: ['csv', 'json'] }],
      });
      books.addAction('Discount', {
        scope: 'Bulk',
        execute: noop,
        form: [{ label: 'Rate', type: 'Number', isRequired: (context) => context.formValues.Kind === 'fixed' }],
      });

      expect(books.schema.actions).toEqual({
        Export: {
          scope: 'Global',
          generateFile: true,
          description: 'Exports the catalogue',
          submitButtonLabel: 'Download',
          staticForm: true,
        },
        Discount: { scope: 'Bulk', generateFile: false, staticForm: false },
      });
    });

    test('keeps the native actions of the child', () => {
      const definition = makeLibraryDefinition();
      const child = createInMemoryDataSource({
        ...definition,
        books: { ...definition.books, actions: { Reprint: { scope: 'Single' } } },
      } as typeof definition);
      const books = new DataSourceDecorator(child, ActionCollectionDecorator).getCollection('books');

      books.addAction('Archive', { scope: 'Single', execute: noop });

      expect(Object.keys(books.schema.actions)).toEqual(['Reprint', 'Archive']);
    });

    test('computes the schema once until an action is added', () => {
      const { books } = makeBooks();
      const before = books.schema;

      const again = books.schema;
      books.addAction('Archive', { scope: 'Single', execute: noop });

      expect(again).toBe(before);
      expect(books.schema).not.toBe(before);
      expect(books.schema.actions.Archive).toBeDefined();
    });

    test('a form whose options or value are functions is not static', () => {
      const { books } = makeBooks();

      books.addAction('A', {
        scope: 'Global',
        execute: noop,
        form: [{ label: 'Pick', type: 'String', widget: 'Dropdown', options: async () => [] }],
      });
      books.addAction('B', {
        scope: 'Global',
        execute: noop,
        form: [{ label: 'Now', type: 'Date', value: () => 'x' }],
      });
      books.addAction('C', { scope: 'Global', execute: noop });

      expect(books.schema.actions.A?.staticForm).toBe(false);
      expect(books.schema.actions.B?.staticForm).toBe(false);
      expect(books.schema.actions.C?.staticForm).toBe(true);
    });
  });

  describe('execute', () => {
    test('returns what execute built', async () => {
      const { books } = makeBooks();
      books.addAction('Reprint', { scope: 'Single', execute: (_context, result) => result.success('Reprinted') });

      const result = await books.execute(makeCaller(), 'Reprint', {}, booksWithIds(1));

      expect(result).toMatchObject({ type: 'Success', message: 'Reprinted' });
    });

    test('returns a default success when execute returns nothing', async () => {
      const { books } = makeBooks();
      books.addAction('Reprint', { scope: 'Single', execute: noop });

      const result = await books.execute(makeCaller(), 'Reprint', {}, booksWithIds(1));

      expect(result).toEqual({ type: 'Success', message: 'Success', invalidated: new Set(), responseHeaders: {} });
    });

    test('lets execute write through the context collection', async () => {
      const { books, child } = makeBooks();
      books.addAction('Free', {
        scope: 'Bulk',
        execute: async (context, result) => {
          await context.collection.update(context.caller, context.filter, { price: 0 });
          return result.success('Free now', { invalidated: ['books'] });
        },
      });

      await books.execute(makeCaller(), 'Free', {}, booksWithIds(1, 2));

      expect(child.callsOf('update')).toHaveLength(1);
      const records = await child.list(makeCaller(), new PaginatedFilter({}), new Projection('id', 'price'));
      expect(records.filter((record) => record.price === 0).map((record) => record.id)).toEqual([1, 2]);
    });

    test('delegates actions it does not know to the child', async () => {
      const { books } = makeBooks();

      const run = books.execute(makeCaller(), 'Unknown', {});

      await expect(run).rejects.toMatchObject({ name: 'NotFoundError', message: expect.stringMatching(/'Unknown'/) });
    });

    test('delegates forms of actions it does not know to the child', async () => {
      const { books } = makeBooks();

      const run = books.getForm(makeCaller(), 'Unknown');

      await expect(run).rejects.toMatchObject({ name: 'NotFoundError' });
    });

    test('propagates the business errors execute throws unchanged', async () => {
      const { books } = makeBooks();
      const refusal = new ForbiddenError('Only managers may reprint.');
      books.addAction('Reprint', {
        scope: 'Global',
        execute: () => {
          throw refusal;
        },
      });

      await expect(books.execute(makeCaller(), 'Reprint', {})).rejects.toBe(refusal);
    });

    test('propagates other errors execute throws unchanged', async () => {
      const { books } = makeBooks();
      books.addAction('Reprint', {
        scope: 'Global',
        execute: async () => {
          throw new TypeError('boom');
        },
      });

      await expect(books.execute(makeCaller(), 'Reprint', {})).rejects.toMatchObject({ name: 'TypeError' });
    });

    test('rejects a result that does not come from the result builder', async () => {
      const { books } = makeBooks();
      books.addAction('Reprint', { scope: 'Global', execute: async () => ({ ok: true }) as never });

      const run = books.execute(makeCaller(), 'Reprint', {});

      await expect(run).rejects.toThrow(/return a resultBuilder result/);
    });

    test('does not run execute when form values are invalid', async () => {
      const { books } = makeBooks();
      const execute = jest.fn();
      books.addAction('Reprint', { scope: 'Global', execute, form: [{ label: 'Copies', type: 'Number' }] });

      const run = books.execute(makeCaller(), 'Reprint', { Copies: 'many' });

      await expect(run).rejects.toBeInstanceOf(ValidationError);
      expect(execute).not.toHaveBeenCalled();
    });

    test('fetches the records once for the form functions and execute together', async () => {
      const { books, child } = makeBooks();
      books.addAction('Reprint', {
        scope: 'Single',
        form: [
          {
            label: 'Title',
            type: 'String',
            defaultValue: async (context) => (await context.getRecord(['title', 'price'])).title,
          },
          { label: 'Copies', type: 'Number', if: async (context) => Number(await context.getField('price')) > 10 },
        ],
        execute: async (context) => void (await context.getRecord(['title', 'price'])),
      });

      await books.execute(makeCaller(), 'Reprint', { Copies: 3 }, booksWithIds(3));

      expect(child.callsOf('list')).toHaveLength(1);
    });
  });

  describe('addAction', () => {
    test('rejects a name already taken by an added action', () => {
      const { books } = makeBooks();
      books.addAction('Reprint', { scope: 'Single', execute: noop });

      expect(() => books.addAction('Reprint', { scope: 'Bulk', execute: noop })).toThrow(
        "Action 'Reprint' already exists on 'books'",
      );
    });

    test('rejects a name already taken by a native action', () => {
      const definition = makeLibraryDefinition();
      const child = createInMemoryDataSource({
        ...definition,
        books: { ...definition.books, actions: { Reprint: { scope: 'Single' } } },
      } as typeof definition);
      const books = new DataSourceDecorator(child, ActionCollectionDecorator).getCollection('books');

      expect(() => books.addAction('Reprint', { scope: 'Single', execute: noop })).toThrow(/already exists/);
    });

    test.each<[string, unknown, RegExp]>([
      ['an unknown scope', { scope: 'Many', execute: noop }, /scope must be one of Single, Bulk, Global/],
      ['a missing execute', { scope: 'Single' }, /execute must be a function/],
      ['a description that is not a string', { scope: 'Single', execute: noop, description: 3 }, /description/],
      ['a generateFile that is not a boolean', { scope: 'Single', execute: noop, generateFile: 'yes' }, /generateFile/],
      ['a form that is not an array', { scope: 'Single', execute: noop, form: {} }, /form must be an array/],
      ['a form element without label', { scope: 'Single', execute: noop, form: [{ type: 'String' }] }, /#0: label/],
      [
        'an unknown field type',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'Money' }] },
        /'A': type must be one of/,
      ],
      [
        'duplicate labels',
        {
          scope: 'Single',
          execute: noop,
          form: [
            { label: 'A', type: 'String' },
            { label: 'A', type: 'Number' },
          ],
        },
        /labels must be unique/,
      ],
      [
        'an Enum without enumValues',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'Enum' }] },
        /'A': enumValues must be/,
      ],
      [
        'an EnumList with non-string enumValues',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'EnumList', enumValues: [1] }] },
        /enumValues must be/,
      ],
      [
        'a Collection without collectionName',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'Collection' }] },
        /collectionName must be/,
      ],
      [
        'an unknown widget',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'String', widget: 'Slider' }] },
        /widget must be 'Dropdown'/,
      ],
      [
        'a Dropdown without options',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'String', widget: 'Dropdown' }] },
        /options must be/,
      ],
      [
        'a Dropdown of a Boolean',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'Boolean', widget: 'Dropdown', options: [] }] },
        /a Dropdown edits only/,
      ],
      [
        'options that are not { label, value }',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'String', widget: 'Dropdown', options: ['x'] }] },
        /options must be/,
      ],
      [
        'an unknown search mode',
        {
          scope: 'Single',
          execute: noop,
          form: [{ label: 'A', type: 'String', widget: 'Dropdown', options: [], search: 'fuzzy' }],
        },
        /search must be one of static, dynamic, disabled/,
      ],
      [
        'options without a Dropdown',
        { scope: 'Single', execute: noop, form: [{ label: 'A', type: 'String', options: [] }] },
        /need widget 'Dropdown'/,
      ],
    ])('rejects %s with an Error naming the action', (_case, definition, message) => {
      const { books } = makeBooks();

      const add = () => books.addAction('Reprint', definition as ActionDefinition);

      expect(add).toThrow(message);
      expect(add).toThrow("Invalid action 'Reprint' on 'books'");
    });

    test('rejects an empty name', () => {
      const { books } = makeBooks();

      expect(() => books.addAction(' ', { scope: 'Single', execute: noop })).toThrow(/non-empty string/);
    });
  });
});

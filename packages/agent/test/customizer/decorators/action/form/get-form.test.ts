import { ACTION_FIELD_TYPES, type ActionFieldType } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import type { ActionFormElement } from '../../../../../src/customizer/decorators/action/types';
import { booksWithIds, makeBooks } from '../make-books';

type Form = ReadonlyArray<ActionFormElement<never>>;

/** The books, with a Single action 'Edit' of this form. */
function withForm(form: Form) {
  const setup = makeBooks();
  setup.books.addAction('Edit', { scope: 'Single', execute: async () => undefined, form: form as never });

  return setup;
}

function minimalElement(type: ActionFieldType): ActionFormElement<never> {
  if (type === 'Enum' || type === 'EnumList') return { label: type, type, enumValues: ['a'] };
  if (type === 'Collection') return { label: type, type, collectionName: 'authors' };

  return { label: type, type } as ActionFormElement<never>;
}

describe('ActionCollectionDecorator.getForm', () => {
  describe('static forms', () => {
    test.each(ACTION_FIELD_TYPES)('resolves a %s field with its defaults', async (type) => {
      const { books } = withForm([minimalElement(type)]);

      const [field] = await books.getForm(makeCaller(), 'Edit');

      expect(field).toMatchObject({ type, label: type, isRequired: false, isReadOnly: false, watchChanges: false });
    });

    test('copies every static property', async () => {
      const { books } = withForm([
        {
          label: 'Format',
          type: 'Enum',
          enumValues: ['csv', 'json'],
          description: 'File format',
          isRequired: true,
          isReadOnly: false,
          defaultValue: 'csv',
          placeholder: 'Pick one',
        },
        { label: 'Author', type: 'Collection', collectionName: 'authors' },
        {
          label: 'Tag',
          type: 'String',
          widget: 'Dropdown',
          options: [{ label: 'New', value: 'new' }],
          search: 'static',
          placeholder: 'Search...',
        },
      ]);

      const fields = await books.getForm(makeCaller(), 'Edit');

      expect(fields).toEqual([
        {
          type: 'Enum',
          label: 'Format',
          enumValues: ['csv', 'json'],
          description: 'File format',
          isRequired: true,
          isReadOnly: false,
          defaultValue: 'csv',
          value: 'csv',
          placeholder: 'Pick one',
          watchChanges: false,
        },
        {
          type: 'Collection',
          label: 'Author',
          collectionName: 'authors',
          isRequired: false,
          isReadOnly: false,
          watchChanges: false,
        },
        {
          type: 'String',
          label: 'Tag',
          widget: 'Dropdown',
          options: [{ label: 'New', value: 'new' }],
          search: 'static',
          placeholder: 'Search...',
          isRequired: false,
          isReadOnly: false,
          watchChanges: false,
        },
      ]);
    });

    test('resolves a static form without a filter (schema generation)', async () => {
      const { books } = withForm([{ label: 'Note', type: 'String', defaultValue: 'hi' }]);

      const fields = await books.getForm(makeCaller(), 'Edit');

      expect(fields).toEqual([expect.objectContaining({ label: 'Note', value: 'hi' })]);
    });

    test('returns no field for an action without form', async () => {
      const { books } = makeBooks();
      books.addAction('Ping', { scope: 'Global', execute: async () => undefined });

      expect(await books.getForm(makeCaller(), 'Ping')).toEqual([]);
    });

    test('shows a File default value as a data URI', async () => {
      const file = { mimeType: 'text/plain', name: 'a b.txt', buffer: Buffer.from('hi') };
      const { books } = withForm([{ label: 'Attachment', type: 'File', defaultValue: file }]);

      const [field] = await books.getForm(makeCaller(), 'Edit');

      expect(field?.defaultValue).toBe('data:text/plain;name=a%20b.txt;base64,aGk=');
    });
  });

  describe('dynamic properties', () => {
    test('computes each property from the context of the selected record', async () => {
      const { books } = makeBooks();
      books.addAction('Edit', {
        scope: 'Single',
        execute: async () => undefined,
        form: [
          {
            label: 'Edition',
            type: 'Enum',
            enumValues: async (context) => [`${await context.getField('title')} (2nd)`],
            description: async (context) => `Price: ${await context.getField('price')}`,
            isRequired: () => true,
            isReadOnly: async () => false,
            placeholder: () => 'Choose',
            defaultValue: async (context) => `${await context.getField('title')} (2nd)`,
          },
          {
            label: 'Author',
            type: 'Collection',
            collectionName: () => 'authors',
          },
          {
            label: 'Copies',
            type: 'Number',
            widget: 'Dropdown',
            options: async (context, searchValue) => [
              { label: `${await context.getRecordId()}-${searchValue}`, value: 1 },
            ],
          },
        ],
      });

      const fields = await books.getForm(makeCaller(), 'Edit', undefined, booksWithIds(3));

      expect(fields[0]).toMatchObject({
        enumValues: ['Children of Dune (2nd)'],
        description: 'Price: 12',
        isRequired: true,
        isReadOnly: false,
        placeholder: 'Choose',
        defaultValue: 'Children of Dune (2nd)',
        value: 'Children of Dune (2nd)',
      });
      expect(fields[1]).toMatchObject({ collectionName: 'authors' });
      expect(fields[2]).toMatchObject({ options: [{ label: '3-null', value: 1 }] });
    });

    test('lists the selected record once for every function of the form', async () => {
      const { books, child } = makeBooks();
      books.addAction('Edit', {
        scope: 'Single',
        execute: async () => undefined,
        form: [
          { label: 'A', type: 'String', description: async (context) => String(await context.getField('title')) },
          { label: 'B', type: 'String', placeholder: async (context) => String(await context.getField('price')) },
          { label: 'C', type: 'Enum', enumValues: async (context) => [String(await context.getRecordId())] },
        ],
      });

      await books.getForm(makeCaller(), 'Edit', undefined, booksWithIds(3));

      expect(child.callsOf('list')).toHaveLength(1);
    });

    test('computes the value of a read-only field', async () => {
      const { books } = withForm([
        { label: 'Price', type: 'Number', defaultValue: 10 },
        {
          label: 'Total',
          type: 'Number',
          isReadOnly: true,
          value: (context: { formValues: Record<string, unknown> }) => Number(context.formValues.Price) * 2,
        } as ActionFormElement<never>,
      ]);

      const fields = await books.getForm(makeCaller(), 'Edit', { Price: 21 });

      expect(fields[1]).toMatchObject({ label: 'Total', isReadOnly: true, value: 42 });
      expect(fields[0]).toMatchObject({ label: 'Price', value: 21, watchChanges: true });
    });

    test('hides a field whose if is false, and hides its value from other functions', async () => {
      const seen: unknown[] = [];
      const { books } = withForm([
        { label: 'Kind', type: 'Enum', enumValues: ['gift', 'sale'], defaultValue: 'sale' },
        {
          label: 'Message',
          type: 'String',
          defaultValue: 'Happy birthday',
          if: (context: { formValues: Record<string, unknown> }) => context.formValues.Kind === 'gift',
        } as ActionFormElement<never>,
        {
          label: 'Summary',
          type: 'String',
          description: (context: { formValues: Record<string, unknown> }) => {
            seen.push(context.formValues.Message);
            return 'summary';
          },
        } as ActionFormElement<never>,
      ]);

      const fields = await books.getForm(makeCaller(), 'Edit');

      expect(fields.map((field) => field.label)).toEqual(['Kind', 'Summary']);
      expect(seen).toEqual([undefined]);
    });

    test('shows a field whose if becomes true once a value changes', async () => {
      const { books } = withForm([
        { label: 'Kind', type: 'Enum', enumValues: ['gift', 'sale'] },
        {
          label: 'Message',
          type: 'String',
          if: (context: { formValues: Record<string, unknown> }) => context.formValues.Kind === 'gift',
        } as ActionFormElement<never>,
      ]);

      const fields = await books.getForm(makeCaller(), 'Edit', { Kind: 'gift' }, undefined, { changedField: 'Kind' });

      expect(fields.map((field) => field.label)).toEqual(['Kind', 'Message']);
      expect(fields[0]?.watchChanges).toBe(true);
    });

    test.each([
      ['enumValues', { label: 'A', type: 'Enum', enumValues: () => 'a,b' }, /enumValues must resolve/],
      [
        'options',
        { label: 'A', type: 'String', widget: 'Dropdown', options: () => [{ value: 1 }] },
        /options must resolve/,
      ],
      ['description', { label: 'A', type: 'String', description: () => 3 }, /description must resolve/],
      ['placeholder', { label: 'A', type: 'String', placeholder: async () => null }, /placeholder must resolve/],
      ['collectionName', { label: 'A', type: 'Collection', collectionName: () => 7 }, /collectionName must resolve/],
    ])('throws an Error naming the field when %s resolves to a wrong type', async (_property, element, message) => {
      const { books } = withForm([element as unknown as ActionFormElement<never>]);

      const run = books.getForm(makeCaller(), 'Edit');

      await expect(run).rejects.toThrow(message);
      await expect(run).rejects.toThrow("Action 'Edit', form field 'A'");
    });

    test('throws an Error listing the collections when collectionName does not exist', async () => {
      const { books } = withForm([{ label: 'Buyer', type: 'Collection', collectionName: 'customers' }]);

      const run = books.getForm(makeCaller(), 'Edit');

      await expect(run).rejects.toThrow(
        /'customers' is not a collection.*authors, books, covers, reviews, tags, bookTags, events/,
      );
    });

    test('propagates an error thrown by a form function', async () => {
      const { books } = withForm([
        {
          label: 'A',
          type: 'String',
          description: () => {
            throw new RangeError('no description today');
          },
        },
      ]);

      await expect(books.getForm(makeCaller(), 'Edit')).rejects.toMatchObject({ name: 'RangeError' });
    });
  });
});

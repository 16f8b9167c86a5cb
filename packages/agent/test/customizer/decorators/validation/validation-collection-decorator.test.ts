import { ConditionTreeLeaf, Filter, type ValidationRule } from '@platform/datasource-toolkit';
import { createBooks, makeCaller } from './validation-fixtures';

const caller = makeCaller();
const byId = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) });

describe('ValidationCollectionDecorator', () => {
  describe('schema', () => {
    test("adds the rules to the column's validation list, a Match pattern as a string", () => {
      const { books } = createBooks();

      books.addValidation('title', { operator: 'Present' });
      books.addValidation('title', { operator: 'Match', value: /^[A-Z]/i });

      expect(books.schema.fields.title).toMatchObject({
        validation: [{ operator: 'Present' }, { operator: 'Match', value: '/^[A-Z]/i' }],
      });
      expect(books.schema.fields.price).not.toHaveProperty('validation');
    });
  });

  describe('every validation operator', () => {
    type Case = { field: string; rule: ValidationRule; passing: unknown; failing: unknown };
    const cases: Case[] = [
      { field: 'title', rule: { operator: 'LongerThan', value: 2 }, passing: 'abc', failing: 'ab' },
      { field: 'title', rule: { operator: 'ShorterThan', value: 5 }, passing: 'abcd', failing: 'abcde' },
      { field: 'title', rule: { operator: 'Contains', value: 'x' }, passing: 'a x b', failing: 'abc' },
      { field: 'title', rule: { operator: 'Like', value: 'A%' }, passing: 'Alice', failing: 'bob' },
      {
        field: 'contact',
        rule: { operator: 'Match', value: /^[a-z]+@[a-z]+\.com$/ },
        passing: 'a@b.com',
        failing: 'a@b',
      },
      { field: 'contact', rule: { operator: 'Match', value: '/^\\d+$/' }, passing: '123', failing: '12a' },
      { field: 'price', rule: { operator: 'GreaterThan', value: 0 }, passing: 1, failing: 0 },
      { field: 'price', rule: { operator: 'LessThan', value: 100 }, passing: 99, failing: 100 },
      {
        field: 'publishedAt',
        rule: { operator: 'Before', value: '2030-01-01T00:00:00Z' },
        passing: '2020-06-01T00:00:00Z',
        failing: '2031-01-01T00:00:00Z',
      },
      {
        field: 'publishedAt',
        rule: { operator: 'After', value: '2000-01-01T00:00:00Z' },
        passing: '2001-01-01T00:00:00Z',
        failing: '1999-12-31T00:00:00Z',
      },
      { field: 'title', rule: { operator: 'Present' }, passing: 'Dune', failing: '' },
    ];

    test.each(cases)(
      '$field $rule.operator accepts $passing on create and update',
      async ({ field, rule, passing }) => {
        const { books } = createBooks();
        books.addValidation(field, rule);

        await expect(books.create(caller, [{ [field]: passing }])).resolves.toHaveLength(1);
        await expect(books.update(caller, byId, { [field]: passing })).resolves.toBeUndefined();
      },
    );

    test.each(cases)(
      '$field $rule.operator refuses $failing on create and update, without writing',
      async ({ field, rule, failing }) => {
        const { books, child } = createBooks();
        books.addValidation(field, rule);
        const error = {
          name: 'ValidationError',
          message: expect.stringMatching(
            new RegExp(
              `^Invalid value for 'books\\.${field}': it must match ${rule.operator}.*, got ${JSON.stringify(failing)}\\.$`,
            ),
          ),
        };

        await expect(books.create(caller, [{ [field]: failing }])).rejects.toMatchObject(error);
        await expect(books.update(caller, byId, { [field]: failing })).rejects.toMatchObject(error);
        expect(child.calls).toHaveLength(0);
      },
    );
  });

  describe('empty values', () => {
    test('Present refuses a record that lacks the field on create', async () => {
      const { books } = createBooks();
      books.addValidation('title', { operator: 'Present' });

      await expect(books.create(caller, [{ price: 3 }])).rejects.toMatchObject({
        name: 'ValidationError',
        message: "Invalid value for 'books.title': it must match Present, got no value.",
      });
    });

    test('Present checks an update only when the patch holds the field', async () => {
      const { books } = createBooks();
      books.addValidation('title', { operator: 'Present' });

      await expect(books.update(caller, byId, { price: 3 })).resolves.toBeUndefined();
      await expect(books.update(caller, byId, { title: null })).rejects.toMatchObject({
        name: 'ValidationError',
        message: "Invalid value for 'books.title': it must match Present, got null.",
      });
    });

    test('other rules let missing and null values through', async () => {
      const { books } = createBooks();
      books.addValidation('price', { operator: 'GreaterThan', value: 0 });

      await expect(books.create(caller, [{ title: 'x' }, { title: 'y', price: null }])).resolves.toHaveLength(2);
    });

    test('refuses the whole batch when one record of a create fails', async () => {
      const { books, child } = createBooks();
      books.addValidation('price', { operator: 'LessThan', value: 50 });

      await expect(books.create(caller, [{ price: 1 }, { price: 51 }])).rejects.toMatchObject({
        name: 'ValidationError',
        message: "Invalid value for 'books.price': it must match LessThan(50), got 51.",
      });
      expect(child.calls).toHaveLength(0);
    });
  });

  describe('bad rules', () => {
    test('refuses an unknown field, listing the fields', () => {
      const { books } = createBooks();

      expect(() => books.addValidation('name', { operator: 'Present' })).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message:
            "Unknown field 'name' in 'books'. Fields: id, title, contact, price, publishedAt, summary, authorId, author.",
        }),
      );
    });

    test('refuses a relation, listing the columns', () => {
      const { books } = createBooks();

      expect(() => books.addValidation('author', { operator: 'Present' })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining("'books.author' is a ManyToOne relation"),
        }),
      );
    });

    test('refuses a read-only column, listing the writable ones', () => {
      const { books } = createBooks();

      expect(() => books.addValidation('summary', { operator: 'Present' })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message:
            "Cannot validate 'books.summary': it is read-only, so it is never written. " +
            'Writable columns: id, title, contact, price, publishedAt, authorId.',
        }),
      );
    });

    test('refuses an operator that is not a validation operator, listing them', () => {
      const { books } = createBooks();

      expect(() => books.addValidation('title', { operator: 'Equal', value: 'x' })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message:
            'Unknown validation operator "Equal" on \'books.title\'. Validation operators: ' +
            'Present, LongerThan, ShorterThan, Contains, Like, Match, GreaterThan, LessThan, Before, After.',
        }),
      );
    });

    test('refuses an operator that does not apply to the column type, listing those that do', () => {
      const { books } = createBooks();

      expect(() => books.addValidation('price', { operator: 'LongerThan', value: 2 })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message:
            "Validation operator 'LongerThan' does not apply to 'books.price' (Number). " +
            'Operators for this column: Present, GreaterThan, LessThan.',
        }),
      );
    });

    test.each([
      ['title', { operator: 'Present', value: true }, 'takes no value'],
      ['title', { operator: 'LongerThan' }, 'needs a value'],
      ['title', { operator: 'LongerThan', value: 'three' }, 'expects a non-negative integer'],
      ['title', { operator: 'Contains', value: 3 }, 'expects a string'],
      ['contact', { operator: 'Match', value: '[' }, 'expects a regular expression'],
      ['price', { operator: 'GreaterThan', value: 'ten' }, "Invalid value for 'books.price': expected Number"],
      [
        'publishedAt',
        { operator: 'Before', value: 'yesterday' },
        "Invalid value for 'books.publishedAt': expected Date",
      ],
    ] as Array<[string, ValidationRule, string]>)('refuses %s %o: %s', (field, rule, message) => {
      const { books } = createBooks();

      expect(() => books.addValidation(field, rule)).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining(message) }),
      );
      expect(books.schema.fields[field]).not.toHaveProperty('validation');
    });
  });
});

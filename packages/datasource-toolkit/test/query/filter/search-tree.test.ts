import {
  buildSearchTree,
  type CollectionSchema,
  ConditionTreeFactory,
  type Operator,
} from '@platform/datasource-toolkit';
import { makeColumn, makeManyToOne, makeSchema } from '@platform/datasource-toolkit/testing';

const ops = (...operators: Operator[]) => ({ filterOperators: new Set(operators) });
const UUID = '6F9619FF-8B86-D011-B42D-00C04FC964FF';

const schemas: Record<string, CollectionSchema> = {
  books: makeSchema({
    title: makeColumn('String', ops('IContains', 'Contains', 'Equal')),
    isbn: makeColumn('String', ops('Contains', 'Equal')),
    code: makeColumn('String', ops('Equal')),
    note: makeColumn('String', ops('Present')),
    price: makeColumn('Number', ops('Equal')),
    ref: makeColumn('Uuid', ops('Equal')),
    status: makeColumn('Enum', { ...ops('Equal'), enumValues: ['Draft', 'Published'] }),
    publishedAt: makeColumn('Date', ops('Equal')),
    authorId: makeColumn('Number', ops()),
    author: makeManyToOne('authors', 'authorId'),
  }),
  authors: makeSchema({ name: makeColumn('String', ops('IContains')) }),
  covers: makeSchema({ printedAt: makeColumn('Date', ops('Equal')) }),
};
const getSchema = (name: string): CollectionSchema => schemas[name] as CollectionSchema;
const search = (text: string, extended = false, lowercaseUuids = false) =>
  buildSearchTree(text, extended, schemas.books as CollectionSchema, getSchema, { lowercaseUuids }).toPlainObject();

describe('buildSearchTree', () => {
  test('searches each String column with the first of IContains, Contains and Equal it supports', () => {
    expect(search('dune')).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'title', operator: 'IContains', value: 'dune' },
        { field: 'isbn', operator: 'Contains', value: 'dune' },
        { field: 'code', operator: 'Equal', value: 'dune' },
      ],
    });
  });

  test('adds Equal on Number columns when the text is a number, on those that support Equal', () => {
    expect(search('12.5')).toEqual(
      expect.objectContaining({
        conditions: expect.arrayContaining([{ field: 'price', operator: 'Equal', value: 12.5 }]),
      }),
    );
    expect(JSON.stringify(search('12.5'))).not.toContain('authorId');
    expect(JSON.stringify(search('12a'))).not.toContain('price');
  });

  describe('numbers, on columns that can hold them', () => {
    const INT4 = { kind: 'integer', min: '-2147483648', max: '2147483647' } as const;
    const INT8 = { kind: 'integer', min: '-9223372036854775808', max: '9223372036854775807' } as const;
    const numbers = makeSchema({
      small: makeColumn('Number', { ...ops('Equal'), numberFormat: INT4 }),
      big: makeColumn('Number', { ...ops('Equal'), numberFormat: INT8 }),
      amount: makeColumn('Number', { ...ops('Equal'), numberFormat: { kind: 'decimal' } }),
      plain: makeColumn('Number', ops('Equal')),
    });
    const searchedFields = (text: string) => {
      const tree = buildSearchTree(text, false, numbers, getSchema).toPlainObject();
      const leaves = 'conditions' in tree ? tree.conditions : [tree];
      return leaves.map((leaf) => ('field' in leaf ? `${leaf.field}=${String(leaf.value)}` : 'branch'));
    };

    test('compares a whole number with integer columns in range, decimal columns and unknown ones', () => {
      expect(searchedFields('42')).toEqual(['small=42', 'big=42', 'amount=42', 'plain=42']);
      expect(searchedFields('-2147483648')).toContain('small=-2147483648');
    });

    test('skips integer columns whose range cannot hold the number', () => {
      expect(searchedFields('12345678901')).toEqual(['big=12345678901', 'amount=12345678901', 'plain=12345678901']);
      expect(searchedFields('2147483648')).not.toContain('small=2147483648');
    });

    test('compares a fraction with decimal and unknown columns only', () => {
      expect(searchedFields('100.5')).toEqual(['amount=100.5', 'plain=100.5']);
      expect(searchedFields('100.0')).toContain('small=100');
    });

    test('skips numbers a JS number cannot hold exactly', () => {
      expect(searchedFields('9007199254740993')).toEqual([]);
      expect(searchedFields('9007199254740991')).toContain('big=9007199254740991');
    });
  });

  test('adds Equal on Uuid columns when the text is a UUID, lowercased only with lowercaseUuids', () => {
    const field = (tree: ReturnType<typeof search>) =>
      'conditions' in tree ? tree.conditions.find((leaf) => 'field' in leaf && leaf.field === 'ref') : undefined;

    expect(field(search(UUID))).toEqual({ field: 'ref', operator: 'Equal', value: UUID });
    expect(field(search(UUID, false, true))).toEqual({ field: 'ref', operator: 'Equal', value: UUID.toLowerCase() });
    expect(JSON.stringify(search('not-a-uuid'))).not.toContain('"ref"');
  });

  test('adds Equal on Enum columns with the enum value the text names, ignoring case', () => {
    expect(search('published')).toEqual(
      expect.objectContaining({
        conditions: expect.arrayContaining([{ field: 'status', operator: 'Equal', value: 'Published' }]),
      }),
    );
    expect(JSON.stringify(search('archived'))).not.toContain('status');
  });

  test('searches the columns of to-one relations only when extended', () => {
    expect(JSON.stringify(search('dune'))).not.toContain('author:name');
    expect(search('dune', true)).toEqual(
      expect.objectContaining({
        conditions: expect.arrayContaining([{ field: 'author:name', operator: 'IContains', value: 'dune' }]),
      }),
    );
  });

  test('matches nothing when no column can be searched', () => {
    const tree = buildSearchTree('dune', false, schemas.covers as CollectionSchema, getSchema);

    expect(tree.equals(ConditionTreeFactory.MatchNone)).toBe(true);
  });
});

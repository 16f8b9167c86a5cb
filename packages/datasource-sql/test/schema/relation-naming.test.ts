import { FieldNames, plural, singular, stripKeySuffix } from '../../src/schema/relation-naming';

describe('relation naming helpers', () => {
  test.each([
    ['author_id', 'author'],
    ['AUTHOR_ID', 'AUTHOR'],
    ['authorId', 'author'],
    ['main_author_id', 'main_author'],
    ['id', undefined],
    ['author', undefined],
    ['paid', undefined],
  ])('stripKeySuffix(%s) is %p', (column, stripped) => {
    expect(stripKeySuffix(column)).toBe(stripped);
  });

  test.each([
    ['books', 'book'],
    ['categories', 'category'],
    ['book_details', 'book_detail'],
    ['address', 'address'],
    ['status', 'status'],
    ['person', 'person'],
  ])('singular(%s) is %s', (name, expected) => {
    expect(singular(name)).toBe(expected);
  });

  test.each([
    ['book', 'books'],
    ['books', 'books'],
    ['category', 'categories'],
    ['box', 'boxes'],
    ['address', 'addresses'],
    ['day', 'days'],
  ])('plural(%s) is %s', (name, expected) => {
    expect(plural(name)).toBe(expected);
  });

  test('FieldNames gives the first free candidate, then a numbered one', () => {
    const names = new FieldNames(new Map([['books', ['author', 'author_via_author']]]));

    expect(names.claim('books', ['editor'])).toBe('editor');
    expect(names.claim('books', ['author', 'author_via_author'])).toBe('author_2');
    expect(names.claim('books', ['author'])).toBe('author_3');
  });
});

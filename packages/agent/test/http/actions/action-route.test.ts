import { resolveActionName, slugifyActionName } from '../../../src/http/actions/action-route';
import { makeActionDataSource } from '../../factories/action-data-source';

describe('slugifyActionName', () => {
  test.each([
    ['Mark as read', 'mark-as-read'],
    ['Send  e-mail!', 'send-e-mail'],
    ['Export CSV 2024', 'export-csv-2024'],
    ['Réviser', 'reviser'],
    ['!!!', 'action'],
  ])('slugifies %p as %p', (name, slug) => {
    expect(slugifyActionName(name)).toBe(slug);
  });
});

describe('resolveActionName', () => {
  const books = () => makeActionDataSource().dataSource.getCollection('books');

  test('finds an action by its index and slug', () => {
    expect(resolveActionName(books(), 'go-elsewhere', 4)).toBe('Go elsewhere');
  });

  test('finds an action by slug only when no index is given (unsafe endpoint)', () => {
    expect(resolveActionName(books(), 'go-elsewhere', undefined)).toBe('Go elsewhere');
  });

  test('throws NotFoundError listing the action routes for an unknown slug', () => {
    expect(() => resolveActionName(books(), 'nope', 0)).toThrow(
      expect.objectContaining({ name: 'NotFoundError', message: expect.stringContaining('0/mark-as-read') }),
    );
  });

  test('throws NotFoundError when the index does not match the slug', () => {
    expect(() => resolveActionName(books(), 'go-elsewhere', 0)).toThrow(
      expect.objectContaining({ name: 'NotFoundError' }),
    );
  });
});

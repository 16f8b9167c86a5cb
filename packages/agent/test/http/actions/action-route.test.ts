import { resolveActionName } from '../../../src/http/actions/action-route';
import { makeActionDataSource } from '../../factories/action-data-source';

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

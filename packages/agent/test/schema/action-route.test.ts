import { resolveActionRoutes, toActionSlug } from '../../src/schema/action-route';
import { createLibraryWithActions } from '../factories/create-library-with-actions';

describe('toActionSlug', () => {
  test.each([
    ['Mark as live', 'mark-as-live'],
    ['  Send e-mail!  ', 'send-e-mail'],
    ['Send  e-mail!', 'send-e-mail'],
    ['Export CSV 2024', 'export-csv-2024'],
    ['Réinitialiser', 'reinitialiser'],
    ['!!!', 'action'],
  ])('turns %j into %j', (name, slug) => {
    expect(toActionSlug(name)).toBe(slug);
  });
});

describe('resolveActionRoutes', () => {
  test('indexes actions in the order they were added', () => {
    const dataSource = createLibraryWithActions({ Zap: { scope: 'Global' }, Archive: { scope: 'Bulk' } });

    const routes = resolveActionRoutes(dataSource, false);

    expect(routes.get('books')?.get('Zap')).toEqual({ index: 0, slug: 'zap' });
    expect(routes.get('books')?.get('Archive')).toEqual({ index: 1, slug: 'archive' });
  });

  test('accepts two actions with one slug when routes carry the index', () => {
    const dataSource = createLibraryWithActions({
      'Mark as live': { scope: 'Single' },
      'Mark as LIVE!': { scope: 'Bulk' },
    });

    expect(() => resolveActionRoutes(dataSource, false)).not.toThrow();
  });

  test('rejects two actions with one slug with useUnsafeActionEndpoint, naming both', () => {
    const dataSource = createLibraryWithActions({
      'Mark as live': { scope: 'Single' },
      'Mark as LIVE!': { scope: 'Bulk' },
    });

    expect(() => resolveActionRoutes(dataSource, true)).toThrow(
      expect.objectContaining({
        name: 'ActionRouteClashError',
        message: expect.stringContaining(
          "Actions 'Mark as live' and 'Mark as LIVE!' of collection 'books' both resolve to the route /_actions/books/mark-as-live",
        ),
      }),
    );
  });
});

import type { ActivityEntry } from '@platform/platform-contract';
import { withActivityReporting } from '../../../src/platform/activity-permissions';
import type { ActivityReporter } from '../../../src/platform/activity-reporter';
import { makeSelectivePermissions } from '../../factories/selective-permissions';
import { useToolLibrary } from './use-tool-library';

function makeFakeReporter(): ActivityReporter & { readonly entries: ActivityEntry[] } {
  const entries: ActivityEntry[] = [];

  return { entries, record: (entry) => entries.push(entry), flush: async () => {}, close: async () => {} };
}

describe('activity of the MCP tools', () => {
  const { connect } = useToolLibrary((customizer) =>
    customizer.customizeCollection('books', (books) =>
      books.addAction('Mark as read', { scope: 'Single', execute: () => {} }),
    ),
  );

  test.each([
    ['describeCollection', { collection: 'books' }, { action: 'read', collection: 'books', recordIds: [] }],
    ['list', { collection: 'books' }, { action: 'read', collection: 'books', recordIds: [] }],
    ['listRelated', { collection: 'books', id: '1', relation: 'tags' }, { action: 'read', collection: 'tags' }],
    ['create', { collection: 'tags', values: { label: 'new' } }, { action: 'create', collection: 'tags' }],
    ['update', { collection: 'books', id: '2', values: { price: 1 } }, { action: 'update', recordIds: ['2'] }],
    ['delete', { collection: 'book_tags', ids: ['1|2'] }, { action: 'delete', recordIds: ['1|2'] }],
    [
      'associate',
      { collection: 'books', id: '2', relation: 'tags', ids: ['1'] },
      { action: 'update', collection: 'books' },
    ],
    [
      'dissociate',
      { collection: 'books', id: '1', relation: 'tags', ids: ['1'] },
      { action: 'update', collection: 'books' },
    ],
    [
      'getActionForm',
      { collection: 'books', action: 'Mark as read', ids: ['1'] },
      { action: 'action', label: 'Mark as read' },
    ],
    [
      'executeAction',
      { collection: 'books', action: 'Mark as read', ids: ['1'] },
      { action: 'action', collection: 'books', label: 'Mark as read' },
    ],
  ])('reports a %s call for the user, via mcp', async (tool, args, expected) => {
    const reporter = makeFakeReporter();
    const tools = await connect({ permissions: withActivityReporting(makeSelectivePermissions(), reporter) });

    const result = await tools.call(tool, args);

    expect(result.isError).toBeUndefined();
    expect(reporter.entries).toEqual([
      expect.objectContaining({ ...expected, userId: 7, userEmail: 'ada@example.com', via: 'mcp' }),
    ]);
  });

  test('reports nothing for a refused call', async () => {
    const reporter = makeFakeReporter();
    const denied = makeSelectivePermissions({ deny: ['edit:books'] });
    const tools = await connect({ permissions: withActivityReporting(denied, reporter) });

    const granted = await tools.call('list', { collection: 'books' });
    const refused = await tools.call('update', { collection: 'books', id: '2', values: { price: 1 } });

    expect(granted.isError).toBeUndefined();
    expect(refused.isError).toBe(true);
    expect(reporter.entries.map((entry) => entry.action)).toEqual(['read']);
  });
});

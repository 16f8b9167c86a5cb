import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ConditionTreeLeaf } from '@platform/datasource-toolkit';
import type { DataSourceCustomizer } from '../../../src';
import { MAX_ACTION_FILE_BYTES } from '../../../src/mcp/tools/action-result-output';
import { makeSelectivePermissions } from '../../factories/selective-permissions';
import { textOf } from './tool-client';
import { useToolLibrary } from './use-tool-library';

function addActions(customizer: DataSourceCustomizer): void {
  customizer.customizeCollection('books', (books) =>
    books
      .addAction('Mark as read', {
        scope: 'Single',
        execute: async (context, resultBuilder) =>
          resultBuilder.success(`Read ${String(await context.getRecordId())}`, { invalidated: ['books'] }),
      })
      .addAction('Discount', {
        scope: 'Bulk',
        form: [{ label: 'Price', type: 'Number', isRequired: true }],
        execute: async (context, resultBuilder) => {
          await context.collection.update(context.caller, context.filter, { price: context.formValues.Price });
          return resultBuilder.success('Discounted', { html: '<p>done</p>' });
        },
      })
      .addAction('Export', {
        scope: 'Global',
        generateFile: true,
        execute: (_context, resultBuilder) => resultBuilder.file('id,title\n1,Dune\n', 'books.csv', 'text/csv'),
      })
      .addAction('Export everything', {
        scope: 'Global',
        generateFile: true,
        execute: (_context, resultBuilder) => resultBuilder.file(Buffer.alloc(MAX_ACTION_FILE_BYTES + 1), 'all.bin'),
      })
      .addAction('Refuse', { scope: 'Global', execute: (_context, resultBuilder) => resultBuilder.error('Not today') })
      .addAction('Notify', {
        scope: 'Global',
        execute: (_context, resultBuilder) =>
          resultBuilder.webhook('https://hooks.example/run', 'POST', { 'X-Token': 't' }, { ok: true }),
      })
      .addAction('Open', {
        scope: 'Single',
        execute: (_context, resultBuilder) => resultBuilder.redirectTo('/books/1'),
      })
      .addAction('Ship', {
        scope: 'Single',
        form: [
          { label: 'Method', type: 'Enum', enumValues: ['Post', 'Courier'], isRequired: true },
          { label: 'Tracking', type: 'String', if: (context) => context.formValues.Method === 'Courier' },
          {
            label: 'Speed',
            type: 'Enum',
            enumValues: (context) =>
              context.formValues.Method === 'Courier' ? ['Same day', 'Next day'] : ['Standard'],
          },
        ],
        execute: (context, resultBuilder) => resultBuilder.success(`Shipped by ${String(context.formValues.Method)}`),
      }),
  );
}

const labelsOf = (result: CallToolResult) =>
  (result.structuredContent as { fields: Array<{ label: string }> }).fields.map((field) => field.label);
const fieldOf = (result: CallToolResult, label: string) =>
  (result.structuredContent as { fields: Array<{ label: string; enumValues?: string[] }> }).fields.find(
    (field) => field.label === label,
  );

describe('action tools', () => {
  const { library, connect } = useToolLibrary(addActions);
  const prices = () =>
    library()
      .query('SELECT id, price FROM books ORDER BY id')
      .map((row) => row.price);

  describe('getActionForm', () => {
    test('answers the form of an action as it opens', async () => {
      const tools = await connect();

      const result = await tools.call('getActionForm', { collection: 'books', action: 'Ship', ids: ['1'] });

      expect(result.structuredContent).toMatchObject({ collection: 'books', action: 'Ship' });
      expect(labelsOf(result)).toEqual(['Method', 'Speed']);
      expect(fieldOf(result, 'Speed')?.enumValues).toEqual(['Standard']);
    });

    test('answers the fields and enum values that the values entered lead to', async () => {
      const tools = await connect();

      const result = await tools.call('getActionForm', {
        collection: 'books',
        action: 'Ship',
        ids: ['1'],
        values: { Method: 'Courier' },
        changedField: 'Method',
      });

      expect(labelsOf(result)).toEqual(['Method', 'Tracking', 'Speed']);
      expect(fieldOf(result, 'Speed')?.enumValues).toEqual(['Same day', 'Next day']);
    });

    test('refuses a caller who may not run actions', async () => {
      const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['action:books'] }) });

      const result = await tools.call('getActionForm', { collection: 'books', action: 'Ship', ids: ['1'] });

      expect(textOf(result)).toBe("ForbiddenError: You may not action 'books'.");
    });

    test('refuses an unknown action, naming the actions', async () => {
      const tools = await connect();

      const result = await tools.call('getActionForm', { collection: 'books', action: 'Burn' });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /^NotFoundError: Action 'Burn' does not exist on 'books'\. Actions: Mark as read, Discount,/,
      );
    });

    test('refuses a changed field that is not in the form', async () => {
      const tools = await connect();

      const result = await tools.call('getActionForm', {
        collection: 'books',
        action: 'Ship',
        values: {},
        changedField: 'Colour',
      });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^ValidationError: .*Colour/);
    });
  });

  describe('executeAction', () => {
    test('runs a Single action on its record and answers its success message and what it changed', async () => {
      const tools = await connect();

      const result = await tools.call('executeAction', { collection: 'books', action: 'Mark as read', ids: ['2'] });

      expect(result.structuredContent).toEqual({
        collection: 'books',
        action: 'Mark as read',
        type: 'Success',
        message: 'Read 2',
        invalidated: ['books'],
      });
    });

    test('runs a Bulk action with its form values on the records in the caller scope', async () => {
      const scope = makeSelectivePermissions({ scopes: { books: new ConditionTreeLeaf('price', 'GreaterThan', 9) } });
      const tools = await connect({ permissions: scope });

      const result = await tools.call('executeAction', {
        collection: 'books',
        action: 'Discount',
        ids: ['1', '2'],
        values: { Price: 5 },
      });

      expect(result.structuredContent).toMatchObject({ type: 'Success', message: 'Discounted', html: '<p>done</p>' });
      expect(prices()).toEqual([5, 8, 12]);
    });

    test('answers a file as an embedded resource: base64 content, mime type and file name', async () => {
      const tools = await connect();

      const result = await tools.call('executeAction', { collection: 'books', action: 'Export' });

      expect(result.structuredContent).toMatchObject({
        type: 'File',
        file: { name: 'books.csv', mimeType: 'text/csv', size: 16 },
      });
      const resource = result.content.find((block) => block.type === 'resource');
      expect(resource).toEqual({
        type: 'resource',
        resource: {
          uri: 'attachment:books.csv',
          mimeType: 'text/csv',
          blob: Buffer.from('id,title\n1,Dune\n').toString('base64'),
          _meta: { filename: 'books.csv' },
        },
      });
    });

    test('refuses a file larger than an MCP result carries', async () => {
      const tools = await connect();

      const result = await tools.call('executeAction', { collection: 'books', action: 'Export everything' });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^UnprocessableError: The file 'all.bin' is larger than 10 MiB/);
    });

    test('answers an error result as an error, with its message', async () => {
      const tools = await connect();

      const result = await tools.call('executeAction', { collection: 'books', action: 'Refuse' });

      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ type: 'Error', message: 'Not today' });
    });

    test('answers a webhook and a redirection', async () => {
      const tools = await connect();

      const webhook = await tools.call('executeAction', { collection: 'books', action: 'Notify' });
      const redirect = await tools.call('executeAction', { collection: 'books', action: 'Open', ids: ['1'] });

      expect(webhook.structuredContent).toMatchObject({
        type: 'Webhook',
        webhook: { url: 'https://hooks.example/run', method: 'POST', headers: { 'X-Token': 't' }, body: { ok: true } },
      });
      expect(redirect.structuredContent).toMatchObject({ type: 'Redirect', redirectTo: '/books/1' });
    });

    test('refuses a caller who may not run actions, and runs nothing', async () => {
      const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['action:books'] }) });

      const result = await tools.call('executeAction', {
        collection: 'books',
        action: 'Discount',
        ids: ['1'],
        values: { Price: 1 },
      });

      expect(textOf(result)).toBe("ForbiddenError: You may not action 'books'.");
      expect(prices()).toEqual([10, 8, 12]);
    });

    test.each([
      ['a Single action on two records', { action: 'Mark as read', ids: ['1', '2'] }, /runs on a single record/],
      ['a Single action on no record', { action: 'Mark as read' }, /runs on a single record/],
      ['a Bulk action without records', { action: 'Discount', values: { Price: 1 } }, /runs on a selection of records/],
      ['a missing required form value', { action: 'Discount', ids: ['1'], values: {} }, /ValidationError: .*Price/],
      ['a record that does not exist', { action: 'Mark as read', ids: ['9'] }, /NotFoundError: No record of 'books'/],
    ])('refuses %s', async (_name, args, message) => {
      const tools = await connect();

      const result = await tools.call('executeAction', { collection: 'books', ...args });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
      expect(prices()).toEqual([10, 8, 12]);
    });
  });
});

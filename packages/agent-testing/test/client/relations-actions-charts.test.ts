import { type AgentTestClient, createAgentTestClient, ValidationError } from '../../src';
import { type LibraryAgent, startLibraryAgent } from '../factories/start-library-agent';

describe('createAgentTestClient: relations, actions and charts', () => {
  let library: LibraryAgent;
  let client: AgentTestClient;

  beforeEach(async () => {
    library = await startLibraryAgent();
    client = await createAgentTestClient(library.clientOptions);
  });
  afterEach(() => library.close());

  describe('relation', () => {
    test('lists and counts the records of a to-many relation', async () => {
      const reviews = client.collection('books').relation('reviews', 1);

      expect((await reviews.list({ sort: { field: 'id' } })).map((review) => review.id)).toEqual([1, 2]);
      expect(await reviews.count()).toBe(2);
    });

    test('associates then dissociates records', async () => {
      const reviews = client.collection('books').relation('reviews', 2);
      expect(await reviews.count()).toBe(1);

      await reviews.associate(1);
      expect((await reviews.list()).map((review) => review.id).sort()).toEqual([1, 3]);
      await reviews.dissociate([1, 3]);

      expect(await reviews.count()).toBe(0);
      expect(await client.collection('reviews').count()).toBe(3);
    });

    test('dissociates with delete: true deletes the records', async () => {
      const reviews = client.collection('books').relation('reviews', 1);
      expect(await client.collection('reviews').count()).toBe(3);

      await reviews.dissociate([2], { delete: true });

      expect(await client.collection('reviews').count()).toBe(2);
    });
  });

  describe('action', () => {
    test('loads the form with its default values', async () => {
      const action = client.collection('books').action('Mark as live', { recordId: 3 });

      const form = await action.getForm();

      expect(form.map((field) => field.label)).toEqual(['Reason', 'Notify']);
      expect(await action.getField('Notify').getProperties()).toMatchObject({ type: 'Boolean', defaultValue: false });
    });

    test('re-computes a dynamic form as fields are filled', async () => {
      const action = client.collection('books').action('Mark as live', { recordId: 3 });
      expect((await action.getForm()).map((field) => field.label)).not.toContain('Channel');

      await action.getField('Notify').fill(true);

      expect((await action.getForm()).map((field) => field.label)).toEqual(['Reason', 'Notify', 'Channel']);
      expect(action.formValues).toMatchObject({ Notify: true });
    });

    test('executes with the filled values and returns the result', async () => {
      const action = client.collection('books').action('Mark as live', { recordId: 3 });
      await action.fill({ Reason: 'ready', Notify: true, Channel: 'sms' });

      const result = await action.execute();

      expect(result).toMatchObject({ success: 'Live: ready by sms' });
      expect(await client.collection('books').getOne(3)).toMatchObject({ status: 'live' });
    });

    test("returns the action's error result rather than throwing", async () => {
      const result = await client
        .collection('books')
        .action('Reject', { recordIds: [1, 2] })
        .execute();

      expect(result).toEqual({ error: 'Not allowed' });
    });

    test('returns the file an action generates', async () => {
      const result = await client.collection('books').action('Download').execute();

      expect(result).toEqual({
        file: { mimeType: 'text/csv', filename: 'books.csv', content: Buffer.from('id,title\n1,Dune\n') },
      });
    });

    test('refuses to execute without a required value, with a ValidationError naming the field', async () => {
      const action = client.collection('books').action('Mark as live', { recordId: 3 });

      const failure = action.execute();

      await expect(failure).rejects.toThrow(ValidationError);
      await expect(failure).rejects.toMatchObject({
        status: 400,
        collection: 'books',
        message: expect.stringContaining("'Reason'"),
      });
    });
  });

  describe('chart', () => {
    test('renders a collection chart for a record', async () => {
      expect(await client.collection('books').chart('Price', 3)).toMatchObject({ value: { countCurrent: 12 } });
    });

    test('renders a data-source chart', async () => {
      expect(await client.chart('Books')).toMatchObject({ value: { countCurrent: 3 } });
    });
  });
});

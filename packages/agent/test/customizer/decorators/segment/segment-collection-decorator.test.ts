import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { SegmentCollectionDecorator } from '../../../../src/customizer/decorators/segment/segment-collection-decorator';
import { createLibrary, makeCaller } from './segment-fixtures';

const caller = makeCaller();

function setup() {
  const dataSource = createLibrary();
  const child = dataSource.getCollection('books');
  const decorator = new SegmentCollectionDecorator(child, dataSource);

  return { child, decorator };
}

async function listIds(decorator: SegmentCollectionDecorator, filter: PaginatedFilter, by = caller) {
  const records = await decorator.list(by, filter, new Projection('id'));

  return records.map((record: RecordData) => record.id);
}

describe('SegmentCollectionDecorator', () => {
  describe('schema', () => {
    test('lists the added segments after the native ones', () => {
      const { decorator } = setup();

      decorator.addSegment('live', { field: 'status', operator: 'Equal', value: 'live' });
      decorator.addSegment('mine', () => ({ field: 'ownerId', operator: 'Equal', value: 1 }));

      expect(decorator.schema.segments).toEqual(['classics', 'live', 'mine']);
    });

    test('does not list a segment twice when it replaces a native one', () => {
      const { decorator } = setup();

      decorator.addSegment('classics', { field: 'id', operator: 'LessThan', value: 3 });

      expect(decorator.schema.segments).toEqual(['classics']);
    });
  });

  describe('filtering', () => {
    test('replaces a static segment with its condition, intersected with the filter', async () => {
      const { decorator, child } = setup();
      decorator.addSegment('live', { field: 'status', operator: 'Equal', value: 'live' });

      const ids = await listIds(
        decorator,
        new PaginatedFilter({ segment: 'live', conditionTree: new ConditionTreeLeaf('ownerId', 'Equal', 2) }),
      );

      expect(ids).toEqual([3]);
      const [, filter] = child.call('list').args as [unknown, Filter];
      expect(filter.segment).toBeNull();
      expect(filter.conditionTree?.toPlainObject()).toEqual({
        aggregator: 'And',
        conditions: [
          { field: 'ownerId', operator: 'Equal', value: 2 },
          { field: 'status', operator: 'Equal', value: 'live' },
        ],
      });
    });

    test('evaluates a function segment on each request with the caller in its context', async () => {
      const { decorator } = setup();
      decorator.addSegment('mine', async ({ caller: who }) => ({ field: 'ownerId', operator: 'Equal', value: who.id }));

      expect(await listIds(decorator, new PaginatedFilter({ segment: 'mine' }))).toEqual([1]);
      expect(await listIds(decorator, new PaginatedFilter({ segment: 'mine' }), makeCaller({ id: 2 }))).toEqual([2, 3]);
    });

    test('accepts ConditionTree instances and branches, through relations', async () => {
      const { decorator } = setup();
      decorator.addSegment('ursula', new ConditionTreeLeaf('author:name', 'Equal', 'Ursula'));
      decorator.addSegment('either', {
        aggregator: 'Or',
        conditions: [
          { field: 'id', operator: 'Equal', value: 1 },
          { field: 'id', operator: 'Equal', value: 3 },
        ],
      });

      expect(await listIds(decorator, new PaginatedFilter({ segment: 'ursula' }))).toEqual([1, 2]);
      expect(await listIds(decorator, new PaginatedFilter({ segment: 'either' }))).toEqual([1, 3]);
    });

    test('resolves segments of aggregations too', async () => {
      const { decorator } = setup();
      decorator.addSegment('live', { field: 'status', operator: 'Equal', value: 'live' });

      const rows = await decorator.aggregate(
        caller,
        new Filter({ segment: 'live' }),
        new Aggregation({ operation: 'Count' }),
      );

      expect(rows).toEqual([{ value: 2, group: {} }]);
    });

    test('passes a segment it does not know to the child', async () => {
      const { decorator, child } = setup();

      await expect(listIds(decorator, new PaginatedFilter({ segment: 'classics' }))).rejects.toMatchObject({
        name: 'UnprocessableError',
      });
      const [, filter] = child.call('list').args as [unknown, Filter];
      expect(filter.segment).toBe('classics');
    });
  });

  describe('bad input', () => {
    test('refuses a segment whose field does not exist, naming it and the fields, without querying', async () => {
      const { decorator, child } = setup();
      decorator.addSegment('broken', { field: 'state', operator: 'Equal', value: 'live' });

      await expect(listIds(decorator, new PaginatedFilter({ segment: 'broken' }))).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringMatching(
          /Segment 'broken' of 'books' is invalid: Unknown field 'state'.*Fields: id, title/,
        ),
      });
      expect(child.calls).toHaveLength(0);
    });

    test('refuses a function segment that returns a bad field or value', async () => {
      const { decorator } = setup();
      decorator.addSegment('wrongType', () => ({ field: 'ownerId', operator: 'Equal', value: 'one' }));

      await expect(listIds(decorator, new PaginatedFilter({ segment: 'wrongType' }))).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("Invalid value for 'books.ownerId'"),
      });
    });

    test('refuses a segment whose operator does not fit the column, listing the allowed ones', async () => {
      const { decorator } = setup();
      decorator.addSegment('long', { field: 'ownerId', operator: 'LongerThan', value: 3 });

      await expect(listIds(decorator, new PaginatedFilter({ segment: 'long' }))).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringMatching(
          /Operator 'LongerThan' is not allowed on 'books.ownerId'. Allowed operators: .*Equal/,
        ),
      });
    });

    test('refuses a segment through a field that is not a to-one relation', async () => {
      const { decorator } = setup();
      decorator.addSegment('nested', { field: 'title:length', operator: 'Equal', value: 3 });

      await expect(listIds(decorator, new PaginatedFilter({ segment: 'nested' }))).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("'title' is a column; only ManyToOne and OneToOne relations can be followed"),
      });
    });

    test('refuses a static segment that is not a condition, when it is added', () => {
      const { decorator } = setup();

      expect(() => decorator.addSegment('broken', { field: 'status', operator: 'Equals' } as never)).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('unknown operator "Equals"'),
        }),
      );
      expect(decorator.schema.segments).toEqual(['classics']);
    });

    test('refuses a function segment that returns something else than a condition', async () => {
      const { decorator } = setup();
      decorator.addSegment('broken', () => 'live' as never);

      await expect(listIds(decorator, new PaginatedFilter({ segment: 'broken' }))).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("Segment 'broken' of 'books' is invalid"),
      });
    });

    test('refuses a name that is empty or already taken', () => {
      const { decorator } = setup();
      decorator.addSegment('live', { field: 'status', operator: 'Equal', value: 'live' });

      expect(() => decorator.addSegment('', { field: 'id', operator: 'Present' })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('expected a non-empty string'),
        }),
      );
      expect(() => decorator.addSegment('live', { field: 'id', operator: 'Present' })).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: "Segment 'live' already exists on 'books': choose another name.",
        }),
      );
    });

    test('lets an error thrown by a function segment through as is', async () => {
      const { decorator } = setup();
      const failure = new Error('directory unavailable');
      decorator.addSegment('mine', () => {
        throw failure;
      });

      await expect(listIds(decorator, new PaginatedFilter({ segment: 'mine' }))).rejects.toBe(failure);
    });
  });
});

import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { createStorage, makeCaller, OWNER_KEY, PDF, PNG } from './binary-fixtures';

const caller = makeCaller();
const PNG_URI = `data:image/png;base64,${PNG.toString('base64')}`;
const PDF_URI = `data:application/pdf;base64,${PDF.toString('base64')}`;
const byId = (id: number) => new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', id) });

function listFiles(
  files: ReturnType<typeof createStorage>['files'],
  filter = new PaginatedFilter(),
  ...fields: string[]
) {
  return files.list(caller, filter, new Projection('id', ...fields));
}

describe('BinaryCollectionDecorator', () => {
  describe('schema', () => {
    test('publishes relation keys as hex Strings and other binaries as datauri Files', () => {
      const { files, owners } = createStorage();

      expect(files.schema.fields.content).toMatchObject({ columnType: 'File' });
      expect(files.schema.fields.ownerKey).toMatchObject({ columnType: 'String' });
      expect(owners.schema.fields.key).toMatchObject({ columnType: 'String' });
      expect(owners.schema.fields.avatar).toMatchObject({ columnType: 'File' });
      expect(files.schema.fields.name).toMatchObject({ columnType: 'String' });
    });

    test("publishes each mode's string format, and hex byte lengths as string lengths", () => {
      const { files } = createStorage([{ operator: 'Present' }, { operator: 'ShorterThan', value: 5 }]);

      expect(files.schema.fields.content).toMatchObject({
        validation: [{ operator: 'Match', value: '/^data:[^,]*,/' }],
      });
      expect(files.schema.fields.ownerKey).toMatchObject({
        validation: [
          { operator: 'Match', value: '/^(?:[0-9a-fA-F]{2})*$/' },
          { operator: 'Present' },
          { operator: 'ShorterThan', value: 9 },
        ],
      });
    });

    test('follows replaceFieldBinaryMode', () => {
      const { files } = createStorage();

      files.setBinaryMode('content', 'hex');
      files.setBinaryMode('ownerKey', 'datauri');

      expect(files.schema.fields.content).toMatchObject({ columnType: 'String' });
      expect(files.schema.fields.ownerKey).toMatchObject({ columnType: 'File' });
    });
  });

  describe('reads', () => {
    test('converts binaries to data URIs with a sniffed mime type, and keys to lowercase hex', async () => {
      const { files } = createStorage();

      const records = await listFiles(files, new PaginatedFilter(), 'content', 'preview', 'ownerKey');

      expect(records).toEqual([
        { id: 1, content: PNG_URI, preview: PDF_URI, ownerKey: 'a1b2c3d4' },
        { id: 2, content: null, preview: null, ownerKey: null },
      ]);
    });

    test('falls back on application/octet-stream, and converts nested records with their own modes', async () => {
      const { files, owners } = createStorage();
      owners.setBinaryMode('avatar', 'hex');
      files.setBinaryMode('preview', 'datauri');

      const [record] = await listFiles(files, new PaginatedFilter(byId(1)), 'owner:key', 'owner:avatar');
      await files.update(caller, byId(2), { preview: 'data:;base64,AAEC' });
      const [other] = await listFiles(files, new PaginatedFilter(byId(2)), 'preview');

      expect(record).toEqual({ id: 1, owner: { key: 'a1b2c3d4', avatar: PNG.toString('hex') } });
      expect(other).toEqual({ id: 2, preview: 'data:application/octet-stream;base64,AAEC' });
    });

    test('converts binary groups of aggregations', async () => {
      const { files } = createStorage();

      const rows = await files.aggregate(
        caller,
        new Filter(),
        new Aggregation({ operation: 'Count', groups: [{ field: 'ownerKey' }] }),
      );

      expect(rows).toEqual(
        expect.arrayContaining([
          { value: 1, group: { ownerKey: 'a1b2c3d4' } },
          { value: 1, group: { ownerKey: null } },
        ]),
      );
    });
  });

  describe('writes', () => {
    test('decodes data URIs and hex on create, and returns the created records converted back', async () => {
      const { files, counting } = createStorage();

      const [created] = await files.create(caller, [{ name: 'new', content: PDF_URI, ownerKey: 'A1B2C3D4' }]);

      const [, records] = counting.getCollection('files').call('create').args as [unknown, RecordData[]];
      expect(Buffer.from(records[0]?.content as Uint8Array).equals(PDF)).toBe(true);
      expect(Buffer.from(records[0]?.ownerKey as Uint8Array).equals(OWNER_KEY)).toBe(true);
      expect(created).toMatchObject({ name: 'new', content: PDF_URI, ownerKey: 'a1b2c3d4' });
    });

    test('decodes percent-encoded data URIs on update', async () => {
      const { files } = createStorage();

      await files.update(caller, byId(2), { content: 'data:text/plain,hi%21' });

      const [record] = await listFiles(files, new PaginatedFilter(byId(2)), 'content');
      expect(record?.content).toBe(`data:application/octet-stream;base64,${Buffer.from('hi!').toString('base64')}`);
    });
  });

  describe('filters', () => {
    test('decodes Equal, NotEqual, In and NotIn values, through relations too', async () => {
      const { files } = createStorage();
      const ids = async (leaf: ConditionTreeLeaf) =>
        (await listFiles(files, new PaginatedFilter({ conditionTree: leaf }))).map((record) => record.id);

      expect(await ids(new ConditionTreeLeaf('ownerKey', 'Equal', 'a1b2c3d4'))).toEqual([1]);
      expect(await ids(new ConditionTreeLeaf('ownerKey', 'NotEqual', 'a1b2c3d4'))).toEqual([2]);
      expect(await ids(new ConditionTreeLeaf('content', 'In', [PNG_URI, PDF_URI]))).toEqual([1]);
      expect(await ids(new ConditionTreeLeaf('content', 'NotIn', [PNG_URI]))).toEqual([2]);
      expect(await ids(new ConditionTreeLeaf('owner:key', 'Equal', 'a1b2c3d4'))).toEqual([1]);
      expect(await ids(new ConditionTreeLeaf('content', 'Present'))).toEqual([1]);
    });

    test('decodes the filters of deletes', async () => {
      const { files } = createStorage();

      await files.delete(caller, new Filter({ conditionTree: new ConditionTreeLeaf('ownerKey', 'In', ['a1b2c3d4']) }));

      expect(await listFiles(files)).toEqual([{ id: 2 }]);
    });
  });

  describe('bad input', () => {
    test.each([
      ['odd-length hex', { ownerKey: 'abc' }, "Invalid value for 'files.ownerKey' (binary, hex mode)"],
      ['non-hex characters', { ownerKey: 'zz' }, 'expected an even-length hexadecimal string'],
      ['a number', { ownerKey: 12 }, 'got number'],
      ['a data URI in a hex column', { ownerKey: PNG_URI }, '(binary, hex mode)'],
      [
        'a plain string in a datauri column',
        { content: 'hello' },
        "Invalid value for 'files.content' (binary, datauri mode)",
      ],
      ['invalid base64', { content: 'data:image/png;base64,@@@' }, 'expected a data URI'],
      ['non-ASCII data', { content: 'data:text/plain,é' }, 'expected a data URI'],
      ['a bad percent escape', { content: 'data:text/plain,%zz' }, 'expected a data URI'],
    ])('refuses %s on create and update, without writing', async (_case, record, message) => {
      const { files, counting } = createStorage();
      const error = { name: 'ValidationError', message: expect.stringContaining(message) };

      await expect(files.create(caller, [{ name: 'x', ...record }])).rejects.toMatchObject(error);
      await expect(files.update(caller, byId(1), record)).rejects.toMatchObject(error);
      expect(counting.getCollection('files').calls).toHaveLength(0);
    });

    test('refuses an invalid value in a filter, without querying', async () => {
      const { files, counting } = createStorage();
      const filter = new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('ownerKey', 'In', ['a1', 'xyz']) });

      await expect(listFiles(files, filter)).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining('got "xyz"'),
      });
      expect(counting.getCollection('files').calls).toHaveLength(0);
    });

    test('refuses a binary mode on a column that is not binary, listing the binary ones', () => {
      const { files } = createStorage();

      expect(() => files.setBinaryMode('name', 'hex')).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message:
            "Cannot set a binary mode on 'files.name': it is not a Binary column. Binary columns: content, preview, ownerKey.",
        }),
      );
    });

    test('refuses an unknown field and an unknown mode', () => {
      const { files } = createStorage();

      expect(() => files.setBinaryMode('thumbnail', 'hex')).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message: expect.stringContaining("Unknown field 'thumbnail' in 'files'"),
        }),
      );
      expect(() => files.setBinaryMode('content', 'base64' as never)).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: 'Unknown binary mode "base64" for \'files.content\': expected datauri or hex.',
        }),
      );
    });
  });
});

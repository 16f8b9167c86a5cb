import { type CollectionCustomizer, DataSourceCustomizer } from '@platform/agent';
import {
  ConditionTreeLeaf,
  type DataSource,
  Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { flattenColumn, flattenJsonColumn, flattenRelation } from '../src';
import { type ADDRESS_TYPE, type DataSourceMaker, PROFILE_TYPE } from './factories/customers';

const caller = makeCaller();

export interface FlattenerSuiteOptions {
  /** A fresh data source holding `makeCustomerRecords()`, for each test. */
  readonly makeDataSource: DataSourceMaker;
  /** `flattenColumn`'s `columnType` for `address` when the data source types it Json. */
  readonly addressColumnType?: typeof ADDRESS_TYPE;
}

/** The flattener plugins through the agent's customizer, over any data source of the customers. */
export function runFlattenerSuite({ makeDataSource, addressColumnType }: FlattenerSuiteOptions): void {
  let base: DataSource;

  async function customize(customize: (customers: CollectionCustomizer) => unknown): Promise<DataSource> {
    base = await makeDataSource();
    return new DataSourceCustomizer()
      .addDataSource(async () => base)
      .customizeCollection('customers', customize)
      .getDataSource(silentLogger);
  }

  const withAddress =
    (options: object = {}) =>
    (customers: CollectionCustomizer) =>
      customers.use(flattenColumn, { columnName: 'address', columnType: addressColumnType, ...options });

  async function list(dataSource: DataSource, fields: string[], parts: object = {}): Promise<RecordData[]> {
    return dataSource
      .getCollection('customers')
      .list(
        caller,
        new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }), ...parts }),
        new Projection(...fields),
      );
  }

  /** The addresses as the data source stores them, by id. */
  async function storedAddresses(): Promise<Record<number, unknown>> {
    const records = await list(base, ['id', 'address']);
    return Object.fromEntries(records.map((record) => [record.id, record.address]));
  }

  const update = (dataSource: DataSource, filter: Filter, patch: RecordData) =>
    dataSource.getCollection('customers').update(caller, filter, patch);

  describe('flattenColumn', () => {
    test('adds one typed field per nested path, filterable and sortable', async () => {
      const dataSource = await customize(withAddress());

      const fields = dataSource.getCollection('customers').schema.fields;

      expect(fields['address@@@city']).toMatchObject({ type: 'Column', columnType: 'String', isSortable: true });
      expect(fields['address@@@geo@@@lat']).toMatchObject({ columnType: 'Number', isReadOnly: false });
      expect(fields['address@@@city']?.type === 'Column' && [...fields['address@@@city'].filterOperators]).toEqual(
        expect.arrayContaining(['Equal', 'In', 'Contains']),
      );
    });

    test('lists the nested values', async () => {
      const dataSource = await customize(withAddress());

      const records = await list(dataSource, ['id', 'address@@@city', 'address@@@geo@@@lat']);

      expect(records).toEqual([
        { id: 1, 'address@@@city': 'Paris', 'address@@@geo@@@lat': 48.86 },
        { id: 2, 'address@@@city': 'Lyon', 'address@@@geo@@@lat': 45.76 },
        { id: 3, 'address@@@city': 'Paris', 'address@@@geo@@@lat': 48.87 },
      ]);
    });

    test('filters and sorts on a nested path', async () => {
      const dataSource = await customize(withAddress());

      const records = await list(dataSource, ['id'], {
        conditionTree: new ConditionTreeLeaf('address@@@city', 'Equal', 'Paris'),
        sort: new Sort({ field: 'address@@@zip', ascending: false }),
      });

      expect(records.map((record) => record.id)).toEqual([3, 1]);
    });

    test('stops at `level`: deeper objects become one field', async () => {
      const dataSource = await customize(withAddress({ level: 1 }));

      const fields = dataSource.getCollection('customers').schema.fields;

      expect(fields['address@@@geo']).toMatchObject({ columnType: { lat: 'Number', lng: 'Number' } });
      expect(fields['address@@@geo@@@lat']).toBeUndefined();
    });

    test('flattens only the paths `include` names, minus `exclude`', async () => {
      const dataSource = await customize(withAddress({ include: ['city', 'geo'], exclude: ['geo:lng'] }));

      const names = Object.keys(dataSource.getCollection('customers').schema.fields).filter((name) =>
        name.startsWith('address@@@'),
      );

      expect(names.sort()).toEqual(['address@@@city', 'address@@@geo@@@lat']);
    });

    test('creates a record from flattened fields', async () => {
      const dataSource = await customize(withAddress());

      await dataSource
        .getCollection('customers')
        .create(caller, [{ id: 4, name: 'Dee', storeId: 2, 'address@@@city': 'Rome', 'address@@@geo@@@lat': 41.9 }]);

      expect((await storedAddresses())[4]).toEqual({ city: 'Rome', geo: { lat: 41.9 } });
    });

    test('updates one path of one record, keeping its other keys', async () => {
      const dataSource = await customize(withAddress());

      await update(dataSource, new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 2) }), {
        'address@@@city': 'Grenoble',
        'address@@@geo@@@lat': 45.19,
      });

      expect((await storedAddresses())[2]).toEqual({ city: 'Grenoble', zip: '69001', geo: { lat: 45.19, lng: 4.83 } });
    });

    test('folds a patch object sent twice against the records of each call', async () => {
      const dataSource = await customize(withAddress());
      const patch = { 'address@@@city': 'Nantes' };

      await update(dataSource, new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) }), patch);
      await update(dataSource, new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 2) }), patch);

      const stored = await storedAddresses();
      expect(stored[1]).toEqual({ city: 'Nantes', zip: '75001', geo: { lat: 48.86, lng: 2.34 } });
      expect(stored[2]).toEqual({ city: 'Nantes', zip: '69001', geo: { lat: 45.76, lng: 4.83 } });
    });

    test('updates several records of different values, keeping the other keys of each', async () => {
      const dataSource = await customize(withAddress());
      expect(new Set(Object.values(await storedAddresses()).map((value) => JSON.stringify(value))).size).toBe(3);

      await update(dataSource, new Filter(), { 'address@@@city': 'Berlin', name: 'Moved' });

      expect(await storedAddresses()).toEqual({
        1: { city: 'Berlin', zip: '75001', geo: { lat: 48.86, lng: 2.34 } },
        2: { city: 'Berlin', zip: '69001', geo: { lat: 45.76, lng: 4.83 } },
        3: { city: 'Berlin', zip: '75002', geo: { lat: 48.87, lng: 2.35 } },
      });
      expect((await list(base, ['name'])).map((record) => record.name)).toEqual(['Moved', 'Moved', 'Moved']);
    });

    test('updates the records a filter on a flattened field selects, and only them', async () => {
      const dataSource = await customize(withAddress());

      await update(
        dataSource,
        new Filter({ conditionTree: new ConditionTreeLeaf('address@@@city', 'Equal', 'Paris') }),
        {
          'address@@@zip': '75000',
        },
      );

      const stored = await storedAddresses();
      expect(stored[1]).toEqual({ city: 'Paris', zip: '75000', geo: { lat: 48.86, lng: 2.34 } });
      expect(stored[3]).toEqual({ city: 'Paris', zip: '75000', geo: { lat: 48.87, lng: 2.35 } });
      expect(stored[2]).toEqual({ city: 'Lyon', zip: '69001', geo: { lat: 45.76, lng: 4.83 } });
    });

    test('refuses, before writing, to change a key its filter tests along with other fields', async () => {
      const dataSource = await customize(withAddress());
      const before = await storedAddresses();
      expect(Object.keys(before)).toHaveLength(3);

      const write = update(
        dataSource,
        new Filter({ conditionTree: new ConditionTreeLeaf('address@@@city', 'Equal', 'Paris') }),
        { 'address@@@city': 'Rome', name: 'Renamed' },
      );

      await expect(write).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining('address@@@city'),
      });
      expect(await storedAddresses()).toEqual(before);
    });

    test('`readonly` makes the fields read-only and refuses writes to them', async () => {
      const dataSource = await customize(withAddress({ readonly: true }));
      expect(dataSource.getCollection('customers').schema.fields['address@@@city']).toMatchObject({ isReadOnly: true });

      const write = update(dataSource, new Filter(), { 'address@@@city': 'Berlin' });

      // Without a writing definition the field reaches the data source, which has no such column.
      await expect(write).rejects.toMatchObject({
        name: 'MissingFieldError',
        message: expect.stringContaining('address@@@city'),
      });
      expect(Object.values(await storedAddresses()).map((value) => (value as RecordData).city)).toEqual([
        'Paris',
        'Lyon',
        'Paris',
      ]);
    });

    test('refuses a column that is not nested, naming columnName', async () => {
      const build = customize((customers) => customers.use(flattenColumn, { columnName: 'name' }));

      await expect(build).rejects.toMatchObject({
        name: 'PluginError',
        message: expect.stringContaining("'columnName'"),
      });
    });

    test('refuses an unknown path in include or exclude, naming the option', async () => {
      const include = customize(withAddress({ include: ['country'] }));
      await expect(include).rejects.toMatchObject({ message: expect.stringContaining('\'include\' names "country"') });

      const exclude = customize(withAddress({ exclude: ['geo:alt'] }));
      await expect(exclude).rejects.toMatchObject({ message: expect.stringContaining('\'exclude\' names "geo:alt"') });
    });
  });

  describe('flattenJsonColumn', () => {
    const withProfile =
      (options: object = {}) =>
      (customers: CollectionCustomizer) =>
        customers.use(flattenJsonColumn, { columnName: 'profile', columnType: PROFILE_TYPE, ...options });

    test('flattens a JSON column from its declared shape and removes the column', async () => {
      const dataSource = await customize(withProfile());

      const records = await list(dataSource, ['id', 'profile@@@plan', 'profile@@@seats'], {
        conditionTree: new ConditionTreeLeaf('profile@@@seats', 'GreaterThan', 2),
        sort: new Sort({ field: 'profile@@@seats', ascending: false }),
      });

      expect(records).toEqual([
        { id: 3, 'profile@@@plan': 'team', 'profile@@@seats': 12 },
        { id: 1, 'profile@@@plan': 'pro', 'profile@@@seats': 5 },
      ]);
      expect(dataSource.getCollection('customers').schema.fields.profile).toBeUndefined();
    });

    test('keeps the column with keepOriginalColumn', async () => {
      const dataSource = await customize(withProfile({ keepOriginalColumn: true }));

      expect(dataSource.getCollection('customers').schema.fields.profile).toMatchObject({ columnType: 'Json' });
      expect(dataSource.getCollection('customers').schema.fields['profile@@@plan']).toBeDefined();
    });

    test('writes into the JSON value, keeping the other keys of each record', async () => {
      const dataSource = await customize(withProfile());

      await update(dataSource, new Filter(), { 'profile@@@plan': 'enterprise' });

      const stored = await list(base, ['id', 'profile']);
      expect(stored.map((record) => record.profile)).toEqual([
        { plan: 'enterprise', seats: 5 },
        { plan: 'enterprise', seats: 1 },
        { plan: 'enterprise', seats: 12 },
      ]);
    });

    test('refuses a column that is not Json, and a missing columnType', async () => {
      const notJson = customize((customers) =>
        customers.use(flattenJsonColumn, { columnName: 'name', columnType: PROFILE_TYPE }),
      );
      await expect(notJson).rejects.toMatchObject({ message: expect.stringContaining("'columnName' 'name'") });

      const noType = customize((customers) => customers.use(flattenJsonColumn, { columnName: 'profile' } as never));
      await expect(noType).rejects.toMatchObject({ message: expect.stringContaining("'columnType' is required") });
    });
  });

  describe('flattenRelation', () => {
    const withStore =
      (options: object = {}) =>
      (customers: CollectionCustomizer) =>
        customers.use(flattenRelation, { relationName: 'store', ...options });

    test('imports the columns of a to-one relation, filtered and sorted by the data source', async () => {
      const dataSource = await customize(withStore({ exclude: ['id'] }));

      const records = await list(dataSource, ['id', 'store@@@name', 'store@@@city'], {
        conditionTree: new ConditionTreeLeaf('store@@@city', 'Equal', 'Lille'),
        sort: new Sort({ field: 'store@@@name', ascending: true }, { field: 'id', ascending: false }),
      });

      expect(records).toEqual([
        { id: 3, 'store@@@name': 'North', 'store@@@city': 'Lille' },
        { id: 1, 'store@@@name': 'North', 'store@@@city': 'Lille' },
      ]);
      expect(dataSource.getCollection('customers').schema.fields['store@@@id']).toBeUndefined();
    });

    test("imports the related record's primary key read-only", async () => {
      const dataSource = await customize(withStore());

      const fields = dataSource.getCollection('customers').schema.fields;

      expect(fields['store@@@name']).toMatchObject({ isReadOnly: false });
      expect(fields['store@@@id']).toMatchObject({ isReadOnly: true });
    });

    test('writes an imported field to the related record', async () => {
      const dataSource = await customize(withStore());

      await update(dataSource, new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 2) }), {
        'store@@@name': 'South-East',
      });

      const stores = await base
        .getCollection('stores')
        .list(
          caller,
          new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }) }),
          new Projection('name'),
        );
      expect(stores.map((store) => store.name)).toEqual(['North', 'South-East']);
    });

    test('`readonly` refuses writes to the imported fields', async () => {
      const dataSource = await customize(withStore({ readonly: true }));
      expect(dataSource.getCollection('customers').schema.fields['store@@@name']).toMatchObject({ isReadOnly: true });

      const write = update(dataSource, new Filter(), { 'store@@@name': 'Renamed' });

      await expect(write).rejects.toMatchObject({
        name: 'MissingFieldError',
        message: expect.stringContaining('store@@@name'),
      });
      const stores = await base.getCollection('stores').list(caller, new PaginatedFilter(), new Projection('name'));
      expect(stores.map((store) => store.name).sort()).toEqual(['North', 'South']);
    });

    test('refuses a to-many relation and an unknown include, naming the option', async () => {
      const toMany = new DataSourceCustomizer()
        .addDataSource(async () => makeDataSource())
        .customizeCollection('stores', (stores) => stores.use(flattenRelation, { relationName: 'customers' }))
        .getDataSource(silentLogger);
      await expect(toMany).rejects.toMatchObject({
        name: 'PluginError',
        message: expect.stringContaining("'relationName' \"customers\" of 'stores' is a OneToMany relation"),
      });

      const include = customize(withStore({ include: ['country'] }));
      await expect(include).rejects.toMatchObject({ message: expect.stringContaining('\'include\' names "country"') });
    });
  });
}

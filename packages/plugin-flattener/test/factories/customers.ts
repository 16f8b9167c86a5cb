import type { DataSource, InMemoryDataSourceDefinition, RecordData } from '@platform/datasource-toolkit';

/** The nested type of `customers.address`. */
export const ADDRESS_TYPE = { city: 'String', zip: 'String', geo: { lat: 'Number', lng: 'Number' } } as const;

/** The declared shape of the JSON column `customers.profile`. */
export const PROFILE_TYPE = { plan: 'String', seats: 'Number' } as const;

/** Three customers, two of them in Paris with different zips; two stores. */
export function makeCustomerRecords(): Record<string, RecordData[]> {
  return {
    stores: [
      { id: 1, name: 'North', city: 'Lille' },
      { id: 2, name: 'South', city: 'Nice' },
    ],
    customers: [
      {
        id: 1,
        name: 'Ada',
        storeId: 1,
        address: { city: 'Paris', zip: '75001', geo: { lat: 48.86, lng: 2.34 } },
        profile: { plan: 'pro', seats: 5 },
      },
      {
        id: 2,
        name: 'Bob',
        storeId: 2,
        address: { city: 'Lyon', zip: '69001', geo: { lat: 45.76, lng: 4.83 } },
        profile: { plan: 'free', seats: 1 },
      },
      {
        id: 3,
        name: 'Cy',
        storeId: 1,
        address: { city: 'Paris', zip: '75002', geo: { lat: 48.87, lng: 2.35 } },
        profile: { plan: 'team', seats: 12 },
      },
    ],
  };
}

/** The collections for the in-memory data source: `address` is a nested column, `profile` JSON. */
export function makeCustomerDefinition(): InMemoryDataSourceDefinition {
  const pk = { type: 'Column', columnType: 'Number', isPrimaryKey: true } as const;

  return {
    stores: {
      fields: {
        id: pk,
        name: { type: 'Column', columnType: 'String' },
        city: { type: 'Column', columnType: 'String' },
        customers: { type: 'OneToMany', foreignCollection: 'customers', originKey: 'storeId', originKeyTarget: 'id' },
      },
    },
    customers: {
      fields: {
        id: pk,
        name: { type: 'Column', columnType: 'String' },
        storeId: { type: 'Column', columnType: 'Number' },
        address: { type: 'Column', columnType: ADDRESS_TYPE },
        profile: { type: 'Column', columnType: 'Json' },
        store: { type: 'ManyToOne', foreignCollection: 'stores', foreignKey: 'storeId', foreignKeyTarget: 'id' },
      },
    },
  };
}

export type DataSourceMaker = () => Promise<DataSource>;

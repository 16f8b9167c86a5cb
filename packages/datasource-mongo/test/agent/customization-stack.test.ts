import { DataSourceCustomizer } from '@platform/agent';
import { createMongoDataSource } from '@platform/datasource-mongo';
import { ConditionTreeLeaf, PaginatedFilter, Projection, type RecordData, Sort } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { GRACE, makeShopDocuments } from '../factories/shop-documents';
import { MingoClient } from '../mingo/mingo-client';

// The data source under the agent's customization engine: what a user of `addDataSource` gets.
describe('MongoDB collections under the customization engine', () => {
  async function customized() {
    const client = new MingoClient('shop', makeShopDocuments());
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(createMongoDataSource('mongodb://unused/shop', { client }))
      .customizeCollection('orders', (orders) =>
        orders.renameField('total', 'amount').addField('customerEmail', {
          columnType: 'String',
          dependencies: ['customer:email'],
          getValues: (records) => records.map((record) => (record.customer as RecordData | null)?.email ?? null),
        }),
      )
      .getDataSource(silentLogger);
    client.resetCalls();

    return { client, orders: dataSource.getCollection('orders') };
  }

  test('computes a field over a sampled relation for the whole page in one aggregate call', async () => {
    const { client, orders } = await customized();

    const records = await orders.list(
      makeCaller(),
      new PaginatedFilter({ sort: Sort.fromString('amount') }),
      new Projection('amount', 'customerEmail'),
    );

    expect(records).toEqual([
      { amount: 12.5, customerEmail: 'ada@example.com' },
      { amount: 30, customerEmail: 'ada@example.com' },
      { amount: 99, customerEmail: '' },
    ]);
    expect(client.calls.aggregate).toHaveLength(1);
  });

  test('lists the orders of a customer through the renamed field and an ObjectId filter', async () => {
    const { orders } = await customized();
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('customerId', 'Equal', GRACE.toHexString()),
    });

    expect(await orders.list(makeCaller(), filter, new Projection('amount'))).toEqual([{ amount: 99 }]);
  });
});

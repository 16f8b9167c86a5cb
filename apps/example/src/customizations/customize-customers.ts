import type { CollectionCustomizer } from '@platform/agent';
import { flattenJsonColumn } from '@platform/plugin-flattener';

/**
 * Customers: a computed `fullName`, and the JSON `address` shown as four plain fields
 * (`address@@@street`, `address@@@city`, `address@@@zip`, `address@@@country`) that users can read,
 * filter, sort and edit; writing one keeps the other keys of the address.
 */
export function customizeCustomers(customers: CollectionCustomizer): void {
  customers
    .addField('fullName', {
      columnType: 'String',
      dependencies: ['first_name', 'last_name'],
      getValues: (records) => records.map((record) => `${record.first_name} ${record.last_name}`),
    })
    .use(flattenJsonColumn, {
      columnName: 'address',
      columnType: { street: 'String', city: 'String', zip: 'String', country: 'String' },
    });
}

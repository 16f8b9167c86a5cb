import { createInMemoryDataSource, type ValidationRule } from '@platform/datasource-toolkit';
import { BinaryCollectionDecorator } from '../../../../src/customizer/decorators/binary/binary-collection-decorator';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { CountingDataSource } from '../../../factories/counting-collection';

export { makeCaller } from '@platform/datasource-toolkit/testing';

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x01]);
export const PDF = Buffer.from('%PDF-1.7', 'latin1');
export const OWNER_KEY = Buffer.from('a1b2c3d4', 'hex');

/**
 * `files` (binary `content`, `preview`, and a binary foreign key `ownerKey`) pointing at `owners`
 * (binary `key` and `avatar`), both wrapped in the binary layer. `ownerKeyValidation` is the
 * validation the data source declares on `ownerKey`.
 */
export function createStorage(ownerKeyValidation?: readonly ValidationRule[]) {
  const counting = new CountingDataSource(
    createInMemoryDataSource(
      {
        files: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
            name: { type: 'Column', columnType: 'String' },
            content: { type: 'Column', columnType: 'Binary' },
            preview: { type: 'Column', columnType: 'Binary' },
            ownerKey: { type: 'Column', columnType: 'Binary', validation: ownerKeyValidation },
            owner: { type: 'ManyToOne', foreignCollection: 'owners', foreignKey: 'ownerKey', foreignKeyTarget: 'key' },
          },
        },
        owners: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            key: { type: 'Column', columnType: 'Binary' },
            avatar: { type: 'Column', columnType: 'Binary' },
            files: { type: 'OneToMany', foreignCollection: 'files', originKey: 'ownerKey', originKeyTarget: 'key' },
          },
        },
      },
      {
        owners: [{ id: 1, key: OWNER_KEY, avatar: PNG }],
        files: [
          { id: 1, name: 'cover', content: PNG, preview: PDF, ownerKey: OWNER_KEY },
          { id: 2, name: 'empty', content: null, preview: null, ownerKey: null },
        ],
      },
    ),
  );
  const dataSource = new DataSourceDecorator(counting, BinaryCollectionDecorator);

  return { counting, files: dataSource.getCollection('files'), owners: dataSource.getCollection('owners') };
}

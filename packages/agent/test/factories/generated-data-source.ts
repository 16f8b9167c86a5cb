import {
  createInMemoryDataSource,
  type DataSource,
  type PaginatedFilter,
  type Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { withTestExtras } from './test-collection';

/** What a generated collection saw: each list call, as its page. */
export interface ListProbe {
  readonly calls: Array<{ skip: number; limit: number | undefined }>;
  rowsProduced: number;
}

/**
 * A data source whose `rows` collection holds `count` records made on demand, page by page, so
 * that exports of any size cost no memory in the test itself. Each record carries `padding`
 * characters, to fill socket buffers quickly in back-pressure tests.
 */
export function makeGeneratedDataSource(count: number, padding = 0): { dataSource: DataSource; probe: ListProbe } {
  const probe: ListProbe = { calls: [], rowsProduced: 0 };
  const filler = 'x'.repeat(padding);
  const inner = createInMemoryDataSource({
    rows: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        label: { type: 'Column', columnType: 'String' },
        createdAt: { type: 'Column', columnType: 'Date' },
      },
    },
  });
  const dataSource = withTestExtras(inner, {
    collections: {
      rows: {
        list: async (_next, _caller, filter: PaginatedFilter, _projection: Projection): Promise<RecordData[]> => {
          const skip = filter.page?.skip ?? 0;
          const limit = filter.page?.limit ?? count;
          probe.calls.push({ skip, limit: filter.page?.limit });
          const size = Math.max(0, Math.min(limit, count - skip));
          probe.rowsProduced += size;

          return Array.from({ length: size }, (_, index) => ({
            id: skip + index + 1,
            label: `row ${skip + index + 1}${filler}`,
            createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, skip + index)),
          }));
        },
      },
    },
  });

  return { dataSource, probe };
}

import type { RecordData } from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { CountingDataSource } from './counting-collection';

/** The toolkit's in-memory library, with every data call of its collections recorded. */
export function makeCountingLibrary(records?: Record<string, RecordData[]>): CountingDataSource {
  return new CountingDataSource(makeLibraryDataSource(records));
}

import type { Range } from '../http/listing/range';

/** Filters of a notes listing, already validated (src/public-api validates the query). */
export interface NoteFilters {
  /** 1 to 100. */
  readonly limit: number;
  readonly userId?: number;
  /** Compared as stored: lower case. */
  readonly userEmail?: string;
  readonly teamName?: string;
  readonly collectionName?: string;
  readonly recordId?: string;
  readonly createdAt?: Range<Date>;
  readonly updatedAt?: Range<Date>;
  readonly archivedAt?: Range<Date>;
  /** Keyset cursor on the listing order (see docs/public-api.md, "Paginating"). */
  readonly id?: Range<number>;
}

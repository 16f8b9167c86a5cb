import type { Range } from '../http/listing/range';

/** Filters of an activity-log listing, already validated (src/public-api validates the query). */
export interface ActivityLogFilters {
  /** 1 to 100. */
  readonly limit: number;
  readonly userId?: number;
  /** Compared as stored: lower case. */
  readonly userEmail?: string;
  readonly collectionName?: string;
  readonly recordId?: string;
  readonly action?: string;
  readonly source?: string;
  readonly createdAt?: Range<Date>;
  readonly id?: Range<number>;
}

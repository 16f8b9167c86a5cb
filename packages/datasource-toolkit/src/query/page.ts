import { ValidationError } from '../errors/errors';
import type { RecordData } from '../records/record';

/**
 * Which slice of the matching records a list returns: `skip` records are skipped, then at most
 * `limit` are returned (all of them when `limit` is undefined).
 *
 * @example new Page(20, 10) // records 21 to 30
 */
export class Page {
  readonly skip: number;
  readonly limit: number | undefined;

  /** @throws ValidationError when `skip` or `limit` is negative or not an integer. */
  constructor(skip = 0, limit?: number) {
    assertCount('skip', skip);
    if (limit !== undefined) assertCount('limit', limit);
    this.skip = skip;
    this.limit = limit;
    Object.freeze(this);
  }

  /** The slice of `records` this page selects, as a new array. */
  apply<T extends RecordData>(records: readonly T[]): T[] {
    return records.slice(this.skip, this.limit === undefined ? undefined : this.skip + this.limit);
  }
}

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ValidationError(`Invalid page ${name} ${String(value)}: expected an integer of 0 or more.`);
  }
}

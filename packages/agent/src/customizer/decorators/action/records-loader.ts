import {
  type Caller,
  type Collection,
  type Filter,
  PaginatedFilter,
  Projection,
  ProjectionValidator,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';

/**
 * Loads the records an action targets, once per request. Calls made in the same turn of the event
 * loop (form functions run in parallel) are merged into one `list` with the union of their
 * fields; later calls reuse that result when it covers their fields, and otherwise list again
 * with every field asked so far, so the cache only grows.
 *
 * @internal Shared by the contexts of one form resolution and the `execute` that follows it.
 */
export class RecordsLoader {
  private cachedProjection = new Projection();
  private cachedRecords: Promise<RecordData[]> | null = null;
  private pendingProjection = new Projection();
  private pendingRecords: Promise<RecordData[]> | null = null;

  constructor(
    private readonly collection: Collection,
    private readonly caller: Caller,
    /** Undefined when the request selected no record. */
    private readonly filter: Filter | undefined,
    private readonly actionName: string,
  ) {}

  /**
   * The targeted records, with `fields` and the primary keys.
   * @throws ValidationError when the request has no filter, MissingFieldError for an unknown field.
   */
  async load(fields: readonly string[]): Promise<RecordData[]> {
    if (!Array.isArray(fields) || fields.some((field) => typeof field !== 'string')) {
      throw new Error(`Action '${this.actionName}': fields must be an array of field names, got ${String(fields)}.`);
    }
    if (this.filter === undefined) {
      throw new ValidationError(
        `Action '${this.actionName}' of '${this.collection.name}' needs selected records: the request has no filter.`,
      );
    }
    const wanted = new Projection(...fields).withPks(this.collection);
    ProjectionValidator.validate(this.collection, wanted);

    if (this.cachedRecords !== null && covers(this.cachedProjection, wanted)) {
      return wanted.apply(await this.cachedRecords);
    }

    if (this.pendingRecords === null) {
      this.pendingProjection = this.cachedProjection;
      // setImmediate, not a microtask: form functions awaiting other things first still join the batch.
      this.pendingRecords = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
    }
    this.pendingProjection = this.pendingProjection.union(wanted);

    return wanted.apply(await this.pendingRecords);
  }

  private flush(): Promise<RecordData[]> {
    const projection = this.pendingProjection;
    const filter = this.filter as Filter;
    const records = this.collection.list(
      this.caller,
      new PaginatedFilter({
        conditionTree: filter.conditionTree,
        search: filter.search,
        searchExtended: filter.searchExtended,
        segment: filter.segment,
      }),
      projection,
    );

    this.cachedProjection = projection;
    this.cachedRecords = records;
    this.pendingRecords = null;
    // A failed list must not stay cached: the next call tries again.
    records.catch(() => {
      if (this.cachedRecords === records) {
        this.cachedRecords = null;
        this.cachedProjection = new Projection();
      }
    });

    return records;
  }
}

function covers(available: Projection, wanted: Projection): boolean {
  return wanted.every((path) => available.includes(path));
}

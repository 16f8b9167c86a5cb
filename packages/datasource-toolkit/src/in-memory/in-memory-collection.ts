import type { Caller } from '../caller';
import type { ActionFormField, ActionResult } from '../contracts/action';
import type { Chart } from '../contracts/chart';
import type { Collection, DataSource } from '../contracts/collection';
import { NotFoundError, UnprocessableError } from '../errors/errors';
import type { Aggregation } from '../query/aggregation';
import type { Filter } from '../query/filter/filter';
import type { PaginatedFilter } from '../query/filter/paginated-filter';
import { Projection } from '../query/projection';
import type { AggregateResult, RecordData } from '../records/record';
import { type CollectionSchema, isColumn } from '../schema/collection-schema';
import { AggregationLimitValidator } from '../validation/aggregation-limit-validator';
import { ConditionTreeValidator } from '../validation/condition-tree-validator';
import { ProjectionValidator } from '../validation/projection-validator';
import { RecordValidator } from '../validation/record-validator';
import { SortValidator } from '../validation/sort-validator';
import type { InMemoryStore } from './in-memory-store';
import { joinRelations } from './join-relations';
import { getSearchProjection, searchRecords } from './search-records';

/**
 * A collection whose records live in memory: every read and write of the collection contract,
 * validated, with conditions, search, sort, pages and aggregations evaluated in memory. It has
 * no action and no chart. Records are copied in and out.
 *
 * @internal Built by `createInMemoryDataSource`.
 */
export class InMemoryCollection implements Collection {
  // Rows are joined copies of stored records; this maps each back to the record it came from.
  private readonly sources = new WeakMap<RecordData, RecordData>();

  constructor(
    readonly name: string,
    readonly dataSource: DataSource,
    private readonly store: InMemoryStore,
  ) {}

  get schema(): CollectionSchema {
    return this.store.schema(this.name);
  }

  async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    ProjectionValidator.validate(this, projection);
    if (filter.sort) SortValidator.validate(this, filter.sort);
    const rows = this.select(caller, filter, projection.union(filter.sort?.projection ?? []));
    const sorted = filter.sort ? filter.sort.apply(rows) : rows;
    const page = filter.page ? filter.page.apply(sorted) : sorted;

    return structuredClone(projection.apply(page));
  }

  async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    ProjectionValidator.validate(this, aggregation.projection);
    AggregationLimitValidator.validate(limit);
    const rows = this.select(caller, filter, aggregation.projection);

    return structuredClone(aggregation.apply(rows, caller.timezone, limit));
  }

  async create(_caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    for (const record of records) {
      RecordValidator.validate(this, record);
      this.assertColumnsOnly(record);
    }

    return structuredClone(this.store.insert(this.name, records));
  }

  async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    RecordValidator.patch(this, patch);
    this.assertColumnsOnly(patch);
    const targets = this.select(caller, filter, new Projection()).map((row) => this.sourceOf(row));
    this.store.update(this.name, new Set(targets), patch);
  }

  async delete(caller: Caller, filter: Filter): Promise<void> {
    const targets = this.select(caller, filter, new Projection()).map((row) => this.sourceOf(row));
    this.store.delete(this.name, new Set(targets));
  }

  async execute(_caller: Caller, name: string): Promise<ActionResult> {
    throw this.unknown('Action', name);
  }

  async getForm(_caller: Caller, name: string): Promise<ActionFormField[]> {
    throw this.unknown('Action', name);
  }

  async renderChart(_caller: Caller, name: string): Promise<Chart> {
    throw this.unknown('Chart', name);
  }

  /** The joined rows that match the condition tree, segment and search of `filter`, in store order. */
  private select(caller: Caller, filter: Filter, projection: Projection): RecordData[] {
    if (filter.conditionTree) ConditionTreeValidator.validate(filter.conditionTree, this);
    if (filter.segment) throw this.unknownSegment(filter.segment);
    const search = filter.search?.trim() ? filter.search.trim() : undefined;
    if (search !== undefined && !this.schema.searchable) {
      throw new UnprocessableError(`Collection '${this.name}' is not searchable.`);
    }

    const searchProjection = search
      ? getSearchProjection(this.schema, filter.searchExtended === true, (name) => this.store.schema(name))
      : new Projection();
    const needed = projection.union(filter.conditionTree?.projection ?? [], searchProjection);
    const stored = this.store.records(this.name);
    const rows = joinRelations(this.store, this.name, stored, needed);
    rows.forEach((row, index) => {
      this.sources.set(row, stored[index] as RecordData);
    });

    const matching = filter.conditionTree ? filter.conditionTree.apply(rows, this, caller.timezone) : rows;

    return search === undefined ? matching : searchRecords(matching, searchProjection, search);
  }

  private sourceOf(row: RecordData): RecordData {
    const source = this.sources.get(row);
    if (source === undefined)
      throw new Error('Row without source record: condition trees must return their input rows.');

    return source;
  }

  private assertColumnsOnly(record: RecordData): void {
    const relations = Object.keys(record).filter((name) => !isColumn(this.schema.fields[name]));
    if (relations.length > 0) {
      throw new UnprocessableError(
        `In-memory collection '${this.name}' stores columns only; write relation(s) ${relations.join(', ')} ` +
          'through their foreign key or in their own collection.',
      );
    }
  }

  private unknownSegment(segment: string): Error {
    if (!this.schema.segments.includes(segment)) {
      return new NotFoundError(
        `Segment '${segment}' does not exist on '${this.name}'. Segments: ${this.schema.segments.join(', ') || 'none'}.`,
      );
    }

    return new UnprocessableError(
      `In-memory collection '${this.name}' cannot resolve segment '${segment}' itself: define it with a condition tree in the customizer.`,
    );
  }

  private unknown(kind: 'Action' | 'Chart', name: string): NotFoundError {
    return new NotFoundError(
      `${kind} '${name}' does not exist on '${this.name}': in-memory collections have no ${kind.toLowerCase()}s.`,
    );
  }
}

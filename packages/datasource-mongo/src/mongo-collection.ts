import {
  type ActionFormField,
  type ActionResult,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type Chart,
  type Collection,
  type CollectionSchema,
  type Filter,
  NotFoundError,
  type PaginatedFilter,
  type Projection,
  type RecordData,
  RecordValidator,
  RequestValidator,
  UnprocessableError,
  ValidationError,
} from '@platform/datasource-toolkit';
import type { MongoCollectionLike, ObjectIdClass } from './connection/mongo-driver';
import type { MongoDataSource } from './mongo-data-source';
import { aggregatePipeline, toAggregateResults } from './query/aggregate-pipeline';
import type { QueryContext } from './query/filter-to-match';
import { listPipeline, toRecord } from './query/list-pipeline';
import { deleteRecords, insertRecords, mapWriteError, updateRecords } from './query/writes';
import type { CollectionModel } from './schema/collection-model';

/**
 * A MongoDB collection (or the items of an array field, for a virtual collection). Each request is
 * validated against the schema first (unknown fields, operators, value types, ObjectIds:
 * `ValidationError`), then runs as one aggregation pipeline: one round trip per list or aggregate.
 */
export class MongoCollection implements Collection {
  readonly schema: CollectionSchema;

  /** @internal */
  constructor(
    readonly dataSource: MongoDataSource,
    /** @internal */
    readonly model: CollectionModel,
    private readonly driverCollection: MongoCollectionLike,
    private readonly ObjectId: ObjectIdClass,
  ) {
    this.schema = model.schema;
  }

  get name(): string {
    return this.model.name;
  }

  async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    RequestValidator.validateList(this, filter, projection, caller.timezone);
    if (filter.page?.limit === 0) return [];
    const context = this.context(caller);

    const documents = await this.driverCollection
      .aggregate(listPipeline(this.model, filter, projection, context))
      .toArray();

    return documents.map((document) => toRecord(document, this.model, projection, context));
  }

  async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    RequestValidator.validateAggregate(this, filter, aggregation, limit, caller.timezone);
    // Dates are grouped by day, week... in the caller's zone.
    if (aggregation.groups.some((group) => group.operation)) RequestValidator.validateTimeZone(caller.timezone);
    if (limit === 0) return [];

    const pipeline = aggregatePipeline(this.model, filter, aggregation, this.context(caller), limit);

    return toAggregateResults(await this.driverCollection.aggregate(pipeline).toArray(), aggregation);
  }

  async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    this.assertWritable();
    for (const record of records) {
      RecordValidator.patch(this, record);
      RequestValidator.validateColumnsOnly(this, record, 'foreign key field');
    }
    if (records.length === 0) return [];

    return this.write(() => insertRecords(this.driverCollection, this.model, records, this.context(caller)));
  }

  async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    this.assertWritable();
    RequestValidator.validateFilter(this, filter, caller.timezone);
    RecordValidator.patch(this, patch);
    RequestValidator.validateColumnsOnly(this, patch, 'foreign key field');
    const id = [...this.model.columns.values()].find((column) => column.path === '_id');
    if (id && id.name in patch) {
      throw new ValidationError(
        `Cannot update '${id.name}' of '${this.name}': MongoDB never changes a document's _id.`,
        {
          details: { collection: this.name, field: id.name },
        },
      );
    }

    await this.write(() => updateRecords(this.driverCollection, this.model, filter, patch, this.context(caller)));
  }

  async delete(caller: Caller, filter: Filter): Promise<void> {
    this.assertWritable();
    RequestValidator.validateFilter(this, filter, caller.timezone);

    await this.write(() => deleteRecords(this.driverCollection, this.model, filter, this.context(caller)));
  }

  async execute(_caller: Caller, name: string): Promise<ActionResult> {
    throw new NotFoundError(`Action '${name}' does not exist on '${this.name}': a MongoDB collection has no actions.`);
  }

  async getForm(_caller: Caller, name: string): Promise<ActionFormField[]> {
    throw new NotFoundError(`Action '${name}' does not exist on '${this.name}': a MongoDB collection has no actions.`);
  }

  async renderChart(_caller: Caller, name: string): Promise<Chart> {
    throw new NotFoundError(`Chart '${name}' does not exist on '${this.name}': a MongoDB collection has no charts.`);
  }

  private context(caller: Caller): QueryContext {
    return {
      lookup: (name) => this.dataSource.getCollection(name).model,
      ObjectId: this.ObjectId,
      timezone: caller.timezone,
    };
  }

  private assertWritable(): void {
    if (this.model.virtualField !== undefined) {
      throw new UnprocessableError(
        `'${this.name}' is the array '${this.model.virtualField}' of '${this.model.source}': write the parent record instead.`,
      );
    }
  }

  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw mapWriteError(error, this.name);
    }
  }
}

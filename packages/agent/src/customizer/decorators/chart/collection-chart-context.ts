import {
  type Caller,
  type Collection,
  type CompositeId,
  ConditionTreeFactory,
  type DataSource,
  NotFoundError,
  PaginatedFilter,
  Projection,
  ProjectionValidator,
  packId,
  type RecordData,
} from '@platform/datasource-toolkit';
import {
  type CollectionCustomizationContext,
  createCollectionContext,
} from '../../context/collection-customization-context';

/** What a record chart receives: who asks, the collection, and the record the chart is about. */
export class CollectionChartContext implements CollectionCustomizationContext {
  readonly caller: Caller;
  readonly collection: Collection;
  readonly dataSource: DataSource;
  /** The primary key values of the record, in schema order. */
  readonly compositeRecordId: CompositeId;

  constructor(collection: Collection, caller: Caller, compositeRecordId: CompositeId) {
    const base = createCollectionContext(collection, caller);
    this.caller = base.caller;
    this.collection = base.collection;
    this.dataSource = base.dataSource;
    this.compositeRecordId = compositeRecordId;
  }

  /** The primary key value, or the packed id when the primary key is composite. */
  get recordId(): string | number {
    const { compositeRecordId: id } = this;

    return id.length === 1 ? (id[0] as string | number) : packId(this.collection.schema, id);
  }

  /**
   * The record with `fields` (`author:name` follows a relation) and its primary keys; one query per call.
   * @throws NotFoundError when the record does not exist, MissingFieldError for an unknown field.
   */
  async getRecord(fields: readonly string[]): Promise<RecordData> {
    const projection = new Projection(...fields).withPks(this.collection);
    ProjectionValidator.validate(this.collection, projection);
    const [record] = await this.collection.list(
      this.caller,
      new PaginatedFilter({
        conditionTree: ConditionTreeFactory.matchIds(this.collection.schema, [this.compositeRecordId]),
      }),
      projection,
    );
    if (record === undefined) {
      throw new NotFoundError(`No record of '${this.collection.name}' has the id '${this.recordId}'.`);
    }

    return record;
  }
}

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
  isErrorOfKind,
  NotFoundError,
  type PaginatedFilter,
  type Projection,
  type RecordData,
  RecordValidator,
  RequestValidator,
  UnprocessableError,
} from '@platform/datasource-toolkit';
import { ConstantBackoff, handleWhen, retry } from 'cockatiel';
import { runAggregate } from './query/aggregate/run-aggregate';
import { type DatabaseOperation, mapDatabaseError } from './query/errors/map-database-error';
import { ListStatements } from './query/list/list-statements';
import type { QueryContext } from './query/query-context';
import type { TableModel } from './query/table-model';
import { deleteRecords, insertRecords, updateRecords } from './query/write/run-writes';
import type { SqlDataSource } from './sql-data-source';

// Read once: in CommonJS builds every use of an imported name goes through the package's getters,
// which shows on sub-millisecond lists.
const validateList = RequestValidator.validateList.bind(RequestValidator);

/**
 * A read that found the database unavailable is tried once more on a new connection (see `run`),
 * after a pause: a server ends all its connections at once (restart, terminate), and without the
 * pause the pool would hand the retry an idle connection whose end it has not read yet.
 */
const READ_RETRY = retry(
  handleWhen((error) => isErrorOfKind(error, 'DatabaseUnavailableError')),
  { maxAttempts: 1, backoff: new ConstantBackoff(50) },
);

/**
 * A table or view as a collection. Every request is validated against the schema first (unknown
 * fields, operators a column does not support, values of the wrong type: `ValidationError`), then
 * translated into one SQL statement with bound parameters. Database errors come back as typed
 * errors: those caused by the request (unique or foreign key violations...) and a database that is
 * unavailable (`DatabaseUnavailableError`).
 */
export class SqlCollection implements Collection {
  readonly schema: CollectionSchema;
  private readonly lists: ListStatements;

  /** @internal */
  constructor(
    readonly dataSource: SqlDataSource,
    /** @internal */
    readonly model: TableModel,
    private readonly getContext: () => Promise<QueryContext>,
  ) {
    this.schema = model.schema;
    this.lists = new ListStatements(model);
  }

  get name(): string {
    return this.model.collectionName;
  }

  async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    validateList(this, filter, projection, caller.timezone);

    return this.run((context) => this.lists.list(context, filter, projection, caller.timezone), 'read');
  }

  async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    RequestValidator.validateAggregate(this, filter, aggregation, limit, caller.timezone);

    return this.run(
      (context) => runAggregate(context, this.model, filter, aggregation, caller.timezone, limit),
      'read',
    );
  }

  async create(_caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    this.assertWritable();
    for (const record of records) {
      // Types, unknown and read-only fields. Required fields are left to the database: introspection
      // keeps literal defaults only, so a NOT NULL column defaulting to `now()` looks required here.
      if (Object.keys(record).length > 0) RecordValidator.patch(this, record);
      RequestValidator.validateColumnsOnly(this, record, 'foreign key column');
    }

    return this.run((context) => insertRecords(context, this.model, records), 'create');
  }

  async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    this.assertWritable();
    RequestValidator.validateFilter(this, filter, caller.timezone);
    RecordValidator.patch(this, patch);
    RequestValidator.validateColumnsOnly(this, patch, 'foreign key column');

    await this.run((context) => updateRecords(context, this.model, filter, patch, caller.timezone), 'update');
  }

  async delete(caller: Caller, filter: Filter): Promise<void> {
    this.assertWritable();
    RequestValidator.validateFilter(this, filter, caller.timezone);

    await this.run((context) => deleteRecords(context, this.model, filter, caller.timezone), 'delete');
  }

  async execute(_caller: Caller, name: string): Promise<ActionResult> {
    throw new NotFoundError(`Action '${name}' does not exist on '${this.name}': a SQL collection has no actions.`);
  }

  async getForm(_caller: Caller, name: string): Promise<ActionFormField[]> {
    throw new NotFoundError(`Action '${name}' does not exist on '${this.name}': a SQL collection has no actions.`);
  }

  async renderChart(_caller: Caller, name: string): Promise<Chart> {
    throw new NotFoundError(`Chart '${name}' does not exist on '${this.name}': a SQL collection has no charts.`);
  }

  private assertWritable(): void {
    if (this.model.isView) {
      throw new UnprocessableError(
        `'${this.name}' is a database view: its records cannot be created, updated or deleted.`,
      );
    }
  }

  /**
   * Runs `work` and maps database errors, naming `operation`. Reads are retried once when the
   * database was unavailable: the pool drops a connection the server closed only when it notices,
   * so the first query after a restart or `pg_terminate_backend` may land on a dead one. Writes
   * are never retried: one cut off mid-statement may have been applied.
   */
  private async run<T>(work: (context: QueryContext) => Promise<T>, operation: DatabaseOperation): Promise<T> {
    const first = await this.getContext();
    // The first try runs on the context in hand; the retry asks for it again.
    const attempt = async (index: number): Promise<T> => {
      try {
        return await work(index === 0 ? first : await this.getContext());
      } catch (error) {
        throw mapDatabaseError(error, this.name, operation);
      }
    };
    if (operation !== 'read') return attempt(0);

    return READ_RETRY.execute((context) => attempt(context.attempt));
  }
}

import {
  type Caller,
  type CollectionSchema,
  ConditionTreeFactory,
  type FieldSchema,
  FieldValidator,
  getCompositeId,
  getPrimaryKeys,
  isColumn,
  isToOneRelation,
  PaginatedFilter,
  Projection,
  packId,
  type RecordData,
  Sort,
  type SortClause,
  SortValidator,
  UnprocessableError,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { assertColumn } from '../field-checks';

/**
 * Sorting the database cannot do:
 * - `emulateFieldSorting` sorts in memory. Costly: the ids and sorted fields of every record that
 *   matches the filter are read, sorted and paged here, then the page is read by ids (two queries,
 *   the first unpaged). Meant for computed fields on small collections.
 * - `replaceFieldSorting` rewrites a sort on a field into native sorts on others (free).
 * - `disableFieldSorting` marks a field not sortable; sorting by it is refused.
 *
 * Relation paths (`author:fullName`) follow the sorts of the foreign collection at this layer.
 */
export class SortEmulateCollectionDecorator extends CollectionDecorator {
  /** Per field: null to emulate, a list of clauses to replace it with. */
  protected readonly sorts = new Map<string, readonly SortClause[] | null>();
  protected readonly disabled = new Set<string>();

  /** @throws MissingFieldError for an unknown field; ValidationError for a relation. */
  emulateFieldSorting(name: string): void {
    assertColumn(this, name);
    this.sorts.set(name, null);
    this.disabled.delete(name);
    this.markSchemaAsDirty();
  }

  /**
   * Sorting by `name` ascending means sorting by `equivalentSort`; descending inverts every clause.
   * @throws MissingFieldError for an unknown field (in `name` or in the clauses); ValidationError
   *   for malformed clauses or replacements that refer to each other in a cycle.
   */
  replaceFieldSorting(name: string, equivalentSort: readonly SortClause[]): void {
    assertColumn(this, name);
    const clauses = this.checkClauses(name, equivalentSort);
    const previous = this.sorts.get(name);
    this.sorts.set(name, clauses);
    try {
      this.rewriteClause({ field: name, ascending: true }, []);
    } catch (error) {
      if (previous === undefined) this.sorts.delete(name);
      else this.sorts.set(name, previous);
      throw error;
    }
    this.disabled.delete(name);
    this.markSchemaAsDirty();
  }

  /** @throws MissingFieldError for an unknown field; ValidationError for a relation. */
  disableFieldSorting(name: string): void {
    assertColumn(this, name);
    this.disabled.add(name);
    this.sorts.delete(name);
    this.markSchemaAsDirty();
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields: Record<string, FieldSchema> = {};
    for (const [name, field] of Object.entries(childSchema.fields)) {
      if (isColumn(field) && this.disabled.has(name)) fields[name] = { ...field, isSortable: false };
      else if (isColumn(field) && this.sorts.has(name)) fields[name] = { ...field, isSortable: true };
      else fields[name] = field;
    }

    return { ...childSchema, fields };
  }

  override get isCustomized(): boolean {
    return this.sorts.size > 0 || this.disabled.size > 0;
  }

  /** Rewrites the replaced clauses of the sort, then sorts natively or, when emulated, in memory. */
  override async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    if (!filter.sort || filter.sort.length === 0) return super.list(caller, filter, projection);

    // Disabled fields are refused here, with the list of the sortable ones.
    SortValidator.validate(this, filter.sort);
    const sort = filter.sort.replaceClauses((clause) => this.rewriteClause(clause, []));
    const childFilter = filter.override({ sort });
    if (!sort.some((clause) => this.isEmulated(clause.field))) return super.list(caller, childFilter, projection);

    return this.listSortedInMemory(caller, childFilter, sort, projection);
  }

  /** Reads ids and sorted fields of every matching record, sorts and pages them, then reads the page. */
  private async listSortedInMemory(
    caller: Caller,
    filter: PaginatedFilter,
    sort: Sort,
    projection: Projection,
  ): Promise<RecordData[]> {
    const pks = getPrimaryKeys(this.schema);
    if (pks.length === 0) {
      throw new UnprocessableError(
        `Cannot sort '${this.name}' by ${sort.map((clause) => clause.field).join(', ')} in memory: the collection has no primary key.`,
      );
    }

    const references = await super.list(
      caller,
      filter.override({ sort: undefined, page: undefined }),
      new Projection(...pks).union(sort.projection),
    );
    const sorted = sort.apply(references);
    const page = filter.page ? filter.page.apply(sorted) : sorted;
    if (page.length === 0) return [];

    const records = await super.list(
      caller,
      new PaginatedFilter({ conditionTree: ConditionTreeFactory.matchRecords(this.schema, page) }),
      projection.union(pks),
    );
    const byId = new Map(records.map((record) => [this.idOf(record), record]));
    const ordered = page.flatMap((reference): RecordData[] => {
      const record = byId.get(this.idOf(reference));

      return record ? [record] : [];
    });

    return projection.apply(ordered);
  }

  private idOf(record: RecordData): string {
    return packId(this.schema, getCompositeId(this.schema, record));
  }

  /** The native clauses a clause stands for, following replacements (and relations) recursively. */
  private rewriteClause(clause: SortClause, visited: readonly string[]): SortClause[] {
    const index = clause.field.indexOf(':');
    if (index !== -1) {
      const relation = clause.field.slice(0, index);
      const foreign = this.foreignCollection(relation);
      if (!foreign) return [clause];
      const subClause = { field: clause.field.slice(index + 1), ascending: clause.ascending };

      return foreign.rewriteClause(subClause, []).map((sub) => ({ ...sub, field: `${relation}:${sub.field}` }));
    }

    const equivalent = this.sorts.get(clause.field);
    if (!equivalent) return [clause];
    if (visited.includes(clause.field)) {
      throw new ValidationError(
        `Sort replacements of '${this.name}' form a cycle: ${[...visited, clause.field].join(' -> ')}.`,
      );
    }

    return equivalent.flatMap((sub) =>
      this.rewriteClause({ field: sub.field, ascending: clause.ascending ? sub.ascending : !sub.ascending }, [
        ...visited,
        clause.field,
      ]),
    );
  }

  private isEmulated(path: string): boolean {
    const index = path.indexOf(':');
    if (index === -1) return this.sorts.get(path) === null;

    return this.foreignCollection(path.slice(0, index))?.isEmulated(path.slice(index + 1)) ?? false;
  }

  /** The foreign collection of to-one `relation` at this layer, when it emulates sorts too. */
  private foreignCollection(relation: string): SortEmulateCollectionDecorator | undefined {
    const field = this.schema.fields[relation];
    if (!isToOneRelation(field)) return undefined;
    const foreign = this.dataSource.getCollection(field.foreignCollection);

    return foreign instanceof SortEmulateCollectionDecorator ? foreign : undefined;
  }

  private checkClauses(name: string, equivalentSort: readonly SortClause[]): readonly SortClause[] {
    const isClause = (clause: unknown): clause is SortClause =>
      typeof clause === 'object' &&
      clause !== null &&
      typeof (clause as SortClause).field === 'string' &&
      typeof (clause as SortClause).ascending === 'boolean';
    if (!Array.isArray(equivalentSort) || equivalentSort.length === 0 || !equivalentSort.every(isClause)) {
      throw new ValidationError(
        `Invalid equivalent sort for '${this.name}.${name}': expected a non-empty list of { field, ascending } clauses.`,
      );
    }
    for (const clause of equivalentSort) FieldValidator.validate(this, clause.field);

    return new Sort(...equivalentSort);
  }
}

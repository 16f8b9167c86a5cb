import {
  type AggregateResult,
  type Aggregation,
  type Caller,
  type CollectionSchema,
  type ConditionTree,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  type Filter,
  getPrimaryKeys,
  isConditionTree,
  isRelation,
  type LeafReplacement,
  PaginatedFilter,
  Projection,
  type RecordData,
  RecordUtils,
  type RelationSchema,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator, overrideFilter, toPaginatedFilter } from '../collection-decorator';
import { assertNewFieldName } from '../field-checks';
import { buildRelationSchema, type PartialRelation } from './build-relation-schema';

/**
 * Adds relations the data sources do not know (across data sources, or on keys without a foreign
 * key constraint), and makes them work like native ones:
 * - reading `relation:field` loads the related records of the whole page with one query per
 *   relation (`key In [...]`, keys deduplicated), whatever the page size;
 * - filtering on `relation:field` first lists the matching related keys (one query per condition),
 *   then filters on `key In [...]`;
 * - sorting on `relation:field` reads the keys of every matching record, sorts in memory, then
 *   loads the page by ids: correct, but costly on big collections;
 * - aggregating on `relation:field` reads every matching record and aggregates in memory: costly.
 * To-many relations (OneToMany, ManyToMany) only add to the schema: related lists are filters.
 */
export class RelationCollectionDecorator extends CollectionDecorator {
  private readonly relations = new Map<string, RelationSchema>();

  /**
   * @throws ValidationError for an existing name, bad keys or keys of incompatible types.
   * @throws MissingFieldError / NotFoundError for an unknown key or collection (listing those that exist).
   */
  addRelation(name: string, partial: PartialRelation): void {
    assertNewFieldName(this, name);
    this.relations.set(name, buildRelationSchema(this, name, partial));
    this.markSchemaAsDirty();
  }

  override get isCustomized(): boolean {
    return this.relations.size > 0;
  }

  override async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    if (filter.sort?.some(({ field }) => this.usesEmulatedRelation(field))) {
      return this.listWithEmulatedSort(caller, filter, projection);
    }

    const childProjection = projection.replace((path) => this.rewritePath(path));
    const records = await super.list(caller, filter, childProjection);
    if (childProjection.equals(projection)) return records;

    await this.loadRelations(caller, records, projection);

    return projection.apply(records);
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    if (!aggregation.projection.some((path) => this.usesEmulatedRelation(path))) {
      return super.aggregate(caller, filter, aggregation, limit);
    }

    // Costly: every matching record is read, then aggregated in memory.
    const records = await this.list(caller, toPaginatedFilter(filter), aggregation.projection);

    return aggregation.apply(records, caller.timezone, limit);
  }

  /**
   * Loads, in place, the related records `projection` reads through emulated relations, at any
   * depth: one query per emulated relation for all of `records`.
   */
  async loadRelations(caller: Caller, records: RecordData[], projection: Projection): Promise<void> {
    await Promise.all(
      Object.entries(projection.relations).map(async ([name, subProjection]) => {
        const emulated = this.relations.get(name);
        if (emulated) return this.loadEmulatedRelation(caller, records, name, emulated, subProjection);

        const native = this.childCollection.schema.fields[name];
        if (!isRelation(native)) return undefined;
        const related = records.map((record) => record[name]).filter(isRecord);

        return this.sibling(native.foreignCollection).loadRelations(caller, related, subProjection);
      }),
    );
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    return { ...childSchema, fields: { ...childSchema.fields, ...Object.fromEntries(this.relations) } };
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    if (!filter.conditionTree) return filter;
    const conditionTree =
      (await filter.conditionTree.replaceLeafsAsync((leaf) => this.rewriteLeaf(caller, leaf))) ?? undefined;

    return overrideFilter(filter, { conditionTree });
  }

  /** The paths the child must return for `path`: emulated relations become their keys. */
  private rewritePath(path: string): string[] {
    const index = path.indexOf(':');
    if (index === -1) return [path];
    const prefix = path.slice(0, index);
    const emulated = this.relations.get(prefix);
    if (emulated?.type === 'ManyToOne') return [emulated.foreignKey];
    if (emulated?.type === 'OneToOne') return [emulated.originKeyTarget];

    const native = this.childCollection.schema.fields[prefix];
    if (!isRelation(native)) return [path];

    return this.sibling(native.foreignCollection)
      .rewritePath(path.slice(index + 1))
      .map((subPath) => `${prefix}:${subPath}`);
  }

  private usesEmulatedRelation(path: string): boolean {
    return !this.rewritePath(path).includes(path);
  }

  private async loadEmulatedRelation(
    caller: Caller,
    records: RecordData[],
    name: string,
    relation: RelationSchema,
    projection: Projection,
  ): Promise<void> {
    if (relation.type !== 'ManyToOne' && relation.type !== 'OneToOne') return;
    const [ownKey, foreignKey] =
      relation.type === 'ManyToOne'
        ? [relation.foreignKey, relation.foreignKeyTarget]
        : [relation.originKeyTarget, relation.originKey];

    const keys = uniqueKeys(records.map((record) => record[ownKey]));
    const related =
      keys.length === 0
        ? []
        : await this.sibling(relation.foreignCollection).list(
            caller,
            new PaginatedFilter({ conditionTree: new ConditionTreeLeaf(foreignKey, 'In', keys) }),
            projection.union([foreignKey]),
          );

    const byKey = new Map<string, RecordData>();
    const projected = projection.apply(related);
    related.forEach((record, index) => {
      const key = toKey(record[foreignKey]);
      if (key !== undefined && !byKey.has(key)) byKey.set(key, projected[index] as RecordData);
    });
    for (const record of records) record[name] = byKey.get(toKey(record[ownKey]) ?? '') ?? null;
  }

  /** `relation:field op value` through an emulated relation becomes `key In [matching keys]`. */
  private async rewriteLeaf(caller: Caller, leaf: ConditionTreeLeaf): Promise<LeafReplacement> {
    const index = leaf.field.indexOf(':');
    if (index === -1) return leaf;
    const prefix = leaf.field.slice(0, index);
    const subLeaf = leaf.override({ field: leaf.field.slice(index + 1) });
    const emulated = this.relations.get(prefix);

    if (emulated?.type === 'ManyToOne' || emulated?.type === 'OneToOne') {
      const [ownKey, foreignKey] =
        emulated.type === 'ManyToOne'
          ? [emulated.foreignKey, emulated.foreignKeyTarget]
          : [emulated.originKeyTarget, emulated.originKey];
      const related = await this.sibling(emulated.foreignCollection).list(
        caller,
        new PaginatedFilter({ conditionTree: subLeaf }),
        new Projection(foreignKey),
      );

      const matching = new ConditionTreeLeaf(ownKey, 'In', uniqueKeys(related.map((record) => record[foreignKey])));
      // A condition true on an absent record (Missing, Blank, NotEqual...) also holds for records
      // that have no related record: those without a foreign key.
      const foreign = this.sibling(emulated.foreignCollection);
      if (emulated.type === 'ManyToOne' && subLeaf.match({}, foreign, caller.timezone)) {
        return ConditionTreeFactory.union(matching, new ConditionTreeLeaf(ownKey, 'Missing'));
      }

      return matching;
    }

    const native = this.childCollection.schema.fields[prefix];
    if (!isRelation(native) || emulated) return leaf;
    const rewritten = await this.sibling(native.foreignCollection).rewriteLeaf(caller, subLeaf);

    return rewritten === null ? null : toTree(rewritten).nest(prefix);
  }

  /**
   * A sort through an emulated relation cannot run in the child: read the keys and sort fields of
   * every matching record, sort them in memory, then load the requested page by ids.
   */
  private async listWithEmulatedSort(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    const sort = filter.sort;
    if (!sort) return [];
    const primaryKeys = getPrimaryKeys(this.schema);
    if (primaryKeys.length === 0) {
      throw new ValidationError(`Cannot sort '${this.name}' through a relation: the collection has no primary key.`);
    }

    const sortProjection = new Projection(...primaryKeys, ...sort.projection);
    const all = await this.list(caller, filter.override({ sort: undefined, page: undefined }), sortProjection);
    const page = filter.page ? filter.page.apply(sort.apply(all)) : sort.apply(all);
    if (page.length === 0) return [];

    const records = await this.list(
      caller,
      new PaginatedFilter({ conditionTree: ConditionTreeFactory.matchRecords(this.schema, page) }),
      projection.union(primaryKeys),
    );
    const byId = new Map(records.map((record) => [idKey(primaryKeys, record), record]));

    return projection.apply(
      page.map((record) => byId.get(idKey(primaryKeys, record))).filter((record): record is RecordData => !!record),
    );
  }

  private sibling(name: string): RelationCollectionDecorator {
    return this.dataSource.getCollection(name) as RelationCollectionDecorator;
  }
}

function toTree(replacement: Exclude<LeafReplacement, null>): ConditionTree {
  return isConditionTree(replacement) ? replacement : ConditionTreeFactory.fromPlainObject(replacement);
}

function uniqueKeys(values: readonly unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const value of values) {
    const key = toKey(value);
    if (key !== undefined && !seen.has(key)) seen.set(key, value);
  }

  return [...seen.values()];
}

// Keys compare by their string form, so that a numeric key matches a numeric-string target.
function toKey(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

function idKey(primaryKeys: readonly string[], record: RecordData): string {
  return JSON.stringify(primaryKeys.map((key) => RecordUtils.getFieldValue(record, key)));
}

function isRecord(value: unknown): value is RecordData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import {
  type AggregateResult,
  type Aggregation,
  type Caller,
  type CollectionSchema,
  type FieldSchema,
  type Filter,
  isToOneRelation,
  type PaginatedFilter,
  type Projection,
  type RecordData,
  type RelationSchema,
} from '@platform/datasource-toolkit';
import { CollectionDecorator, overrideFilter } from '../collection-decorator';
import { assertFieldExists, assertNewFieldName } from '../field-checks';

/**
 * Renames fields (`renameField`). It is the top layer: every other customization names fields as
 * they are below it, and users see the new names. Paths, condition trees, sorts, aggregations and
 * records are translated on their way down and back up, through relations.
 */
export class RenameFieldCollectionDecorator extends CollectionDecorator {
  /** New name → name in the child. */
  private readonly toChild = new Map<string, string>();
  /** Name in the child → new name. */
  private readonly fromChild = new Map<string, string>();

  /** @throws MissingFieldError for an unknown field; ValidationError when the new name is taken. */
  renameField(currentName: string, newName: string): void {
    assertFieldExists(this, currentName);
    if (currentName === newName) return;
    assertNewFieldName(this, newName);

    const childName = this.toChild.get(currentName) ?? currentName;
    this.toChild.delete(currentName);
    if (childName === newName) {
      this.fromChild.delete(childName);
    } else {
      this.toChild.set(newName, childName);
      this.fromChild.set(childName, newName);
    }
    // Relations of other collections name this collection's keys.
    for (const collection of this.dataSource.collections)
      (collection as RenameFieldCollectionDecorator).markSchemaAsDirty();
  }

  override get isCustomized(): boolean {
    return this.toChild.size > 0;
  }

  /** `path` (through relations) as the child names it. */
  pathToChild(path: string): string {
    return this.translatePath(path, 'toChild');
  }

  /** A path of the child as this layer names it. */
  pathFromChild(path: string): string {
    return this.translatePath(path, 'fromChild');
  }

  override async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    const childProjection = projection.replace((path) => this.pathToChild(path));
    const records = await super.list(caller, filter, childProjection);

    return records.map((record) => this.translateRecord(record, 'fromChild'));
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    const rows = await super.aggregate(
      caller,
      filter,
      aggregation.replaceFields((path) => this.pathToChild(path)),
      limit,
    );

    return rows.map((row) => ({
      value: row.value,
      group: Object.fromEntries(Object.entries(row.group).map(([path, value]) => [this.pathFromChild(path), value])),
    }));
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const created = await super.create(
      caller,
      records.map((record) => this.translateRecord(record, 'toChild')),
    );

    return created.map((record) => this.translateRecord(record, 'fromChild'));
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return super.update(caller, filter, this.translateRecord(patch, 'toChild'));
  }

  protected override async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    const parts: { conditionTree?: typeof filter.conditionTree; sort?: PaginatedFilter['sort'] } = {
      conditionTree: filter.conditionTree?.replaceFields((path) => this.pathToChild(path)),
    };
    const { sort } = filter as Partial<PaginatedFilter>;
    if (sort) parts.sort = sort.replaceClauses((clause) => ({ ...clause, field: this.pathToChild(clause.field) }));

    return overrideFilter(filter, parts);
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields: Record<string, FieldSchema> = {};
    for (const [childName, field] of Object.entries(childSchema.fields)) {
      fields[this.fromChild.get(childName) ?? childName] = field.type === 'Column' ? field : this.renameKeys(field);
    }

    return { ...childSchema, fields };
  }

  /** The keys of a relation, as each collection of this layer names them. */
  private renameKeys(relation: RelationSchema): RelationSchema {
    const foreign = this.sibling(relation.foreignCollection);
    switch (relation.type) {
      case 'ManyToOne':
        return {
          ...relation,
          foreignKey: this.pathFromChild(relation.foreignKey),
          foreignKeyTarget: foreign.pathFromChild(relation.foreignKeyTarget),
        };
      case 'OneToMany':
      case 'OneToOne':
        return {
          ...relation,
          originKey: foreign.pathFromChild(relation.originKey),
          originKeyTarget: this.pathFromChild(relation.originKeyTarget),
        };
      case 'ManyToMany': {
        const through = this.sibling(relation.throughCollection);
        return {
          ...relation,
          originKey: through.pathFromChild(relation.originKey),
          foreignKey: through.pathFromChild(relation.foreignKey),
          originKeyTarget: this.pathFromChild(relation.originKeyTarget),
          foreignKeyTarget: foreign.pathFromChild(relation.foreignKeyTarget),
        };
      }
      default: {
        const unknownRelation: never = relation;
        return unknownRelation;
      }
    }
  }

  private translatePath(path: string, direction: 'toChild' | 'fromChild'): string {
    const index = path.indexOf(':');
    const head = index === -1 ? path : path.slice(0, index);
    const translated = this[direction].get(head) ?? head;
    if (index === -1) return translated;

    const childName = direction === 'toChild' ? translated : head;
    const relation = this.childCollection.schema.fields[childName];
    if (relation === undefined || relation.type === 'Column') return `${translated}${path.slice(index)}`;

    return `${translated}:${this.sibling(relation.foreignCollection).translatePath(path.slice(index + 1), direction)}`;
  }

  private translateRecord(record: RecordData, direction: 'toChild' | 'fromChild'): RecordData {
    const result: RecordData = {};
    for (const [name, value] of Object.entries(record)) {
      const translated = this[direction].get(name) ?? name;
      const relation = this.childCollection.schema.fields[direction === 'toChild' ? translated : name];
      result[translated] =
        isToOneRelation(relation) && typeof value === 'object' && value !== null && !Array.isArray(value)
          ? this.sibling(relation.foreignCollection).translateRecord(value as RecordData, direction)
          : value;
    }

    return result;
  }

  private sibling(name: string): RenameFieldCollectionDecorator {
    return this.dataSource.getCollection(name) as RenameFieldCollectionDecorator;
  }
}

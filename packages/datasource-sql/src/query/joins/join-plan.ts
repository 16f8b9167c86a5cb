import { isToOneRelation } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import type { SqlFlavor } from '../../dialects/sql-flavor';
import { columnRef, identifier, type SqlExpression } from '../sql-expression';
import { type ColumnInfo, getColumn, type TableModel, type TableModelLookup } from '../table-model';

/** One LEFT JOIN towards a to-one relation. @internal */
export interface PlannedJoin {
  readonly alias: string;
  readonly model: TableModel;
  /** `tN.target = tParent.key`. */
  readonly on: SqlExpression;
  /** A column of the joined table that is null exactly when no row was joined. */
  readonly presenceColumn: SqlExpression;
}

/** Where a field path lives once joined: the table alias and the column. @internal */
export interface ResolvedField {
  readonly ref: SqlExpression;
  readonly column: ColumnInfo;
  /** True when the column comes through a LEFT JOIN, so it may be null whatever its definition. */
  readonly isJoined: boolean;
}

/**
 * The LEFT JOINs a query needs, one per to-one relation path (`author`, `author:publisher`),
 * whatever reads it: projection, filter, sort, search or aggregation. Aliases are generated
 * (`t0` for the root, `t1`...) so that relation and table names never reach SQL as aliases.
 * Paths are validated before they get here.
 * @internal
 */
export class JoinPlan {
  static readonly ROOT_ALIAS = 't0';
  private readonly joinsByPath = new Map<string, PlannedJoin>();

  constructor(
    readonly root: TableModel,
    private readonly lookup: TableModelLookup,
    private readonly flavor: SqlFlavor,
  ) {}

  get joins(): readonly PlannedJoin[] {
    return [...this.joinsByPath.values()];
  }

  /** Resolves `author:publisher:name` to `t2.name`, adding the joins it needs. */
  resolve(path: string): ResolvedField {
    const segments = path.split(':');
    const column = segments.pop() as string;
    let alias = JoinPlan.ROOT_ALIAS;
    let model = this.root;
    for (let index = 0; index < segments.length; index += 1) {
      const join = this.join(segments.slice(0, index + 1).join(':'), alias, model);
      alias = join.alias;
      model = join.model;
    }

    const info = getColumn(model, column);

    return {
      ref: this.flavor.columnValue(columnRef(alias, column), info),
      column: info,
      isJoined: segments.length > 0,
    };
  }

  /** The join of a relation path (`author:publisher`), added when missing. */
  relation(path: string): PlannedJoin {
    let alias = JoinPlan.ROOT_ALIAS;
    let model = this.root;
    let join: PlannedJoin | undefined;
    const segments = path.split(':');
    for (let index = 0; index < segments.length; index += 1) {
      join = this.join(segments.slice(0, index + 1).join(':'), alias, model);
      alias = join.alias;
      model = join.model;
    }
    if (!join) throw new Error(`Empty relation path '${path}'.`);

    return join;
  }

  private join(path: string, parentAlias: string, parent: TableModel): PlannedJoin {
    const existing = this.joinsByPath.get(path);
    if (existing) return existing;

    const name = path.slice(path.lastIndexOf(':') + 1);
    const relation = parent.schema.fields[name];
    if (!isToOneRelation(relation)) {
      throw new Error(`'${name}' is not a to-one relation of '${parent.collectionName}'.`);
    }
    const model = this.lookup(relation.foreignCollection);
    const alias = `t${this.joinsByPath.size + 1}`;
    const [target, key] =
      relation.type === 'ManyToOne'
        ? [relation.foreignKeyTarget, relation.foreignKey]
        : [relation.originKey, relation.originKeyTarget];
    const join: PlannedJoin = {
      alias,
      model,
      on: sql`${columnRef(alias, target)} = ${columnRef(parentAlias, key)}`,
      presenceColumn: columnRef(alias, target),
    };
    this.joinsByPath.set(path, join);

    return join;
  }
}

/** `schema.table` (or `table`) as a quoted identifier. @internal */
export function tableRef(model: TableModel): SqlExpression {
  return model.schemaName ? identifier(model.schemaName, model.tableName) : identifier(model.tableName);
}

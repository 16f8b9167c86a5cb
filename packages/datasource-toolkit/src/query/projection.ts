import type { Collection } from '../contracts/collection';
import { getPrimaryKeys } from '../records/packed-id';
import type { RecordData } from '../records/record';
import { isToOneRelation } from '../schema/collection-schema';

/**
 * The fields a request reads: `title` for a column, `author:name` for a field of a relation.
 * A projection is a set: duplicate paths are dropped. Instances are frozen; every method returns a
 * new projection. `map`, `filter` and `slice` return plain arrays (the species is `Array`),
 * because their results need not be paths.
 *
 * @example new Projection('title', 'author:name').relations // { author: Projection ['name'] }
 */
export class Projection extends Array<string> {
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  constructor(...paths: string[]) {
    super();
    // push instead of super(...paths): a single numeric argument would make `Array(n)` holes.
    for (const path of paths) if (!this.includes(path)) this.push(path);
    Object.freeze(this);
  }

  /** Paths of this collection's own columns. */
  get columns(): string[] {
    return [...partsOf(this).columns];
  }

  /** For each relation named in a path, the projection of the foreign collection. */
  get relations(): Record<string, Projection> {
    return Object.fromEntries(partsOf(this).relations);
  }

  /** The paths of this projection and of `others`, without duplicates. */
  union(...others: ReadonlyArray<Projection | readonly string[]>): Projection {
    return new Projection(...this, ...others.flat());
  }

  /**
   * Adds the primary keys of `collection` and, through each to-one relation in the projection,
   * the primary keys of the foreign collection (recursively).
   */
  withPks(collection: Collection): Projection {
    const paths = [...this, ...getPrimaryKeys(collection.schema)];
    for (const [relation, projection] of Object.entries(this.relations)) {
      const field = collection.schema.fields[relation];
      if (!isToOneRelation(field)) continue;
      const foreign = collection.dataSource.getCollection(field.foreignCollection);
      paths.push(...projection.withPks(foreign).nest(relation));
    }

    return new Projection(...paths);
  }

  /** Prefixes every path with `prefix:`; an empty prefix returns the projection unchanged. */
  nest(prefix?: string | null): Projection {
    if (!prefix) return this;

    return new Projection(...this.map((path) => `${prefix}:${path}`));
  }

  /**
   * Removes the first segment shared by all paths (`author:name` becomes `name`).
   * @throws Error when the paths do not all start with the same relation.
   */
  unnest(): Projection {
    const first = this[0];
    if (first === undefined) return this;
    const prefix = `${first.split(':')[0]}:`;
    if (!this.every((path) => path.startsWith(prefix) && path.length > prefix.length)) {
      throw new Error(`Cannot unnest projection [${this.join(', ')}]: paths do not share one relation.`);
    }

    return new Projection(...this.map((path) => path.slice(prefix.length)));
  }

  /** Replaces each path with what `handler` returns (one path, several, or none). */
  replace(handler: (path: string) => Projection | string | readonly string[]): Projection {
    return new Projection(
      ...this.flatMap((path): readonly string[] => {
        const result = handler(path);

        return typeof result === 'string' ? [result] : result;
      }),
    );
  }

  /** Copies of `records` that keep only the projected fields; null relations stay null. */
  apply(records: readonly RecordData[]): RecordData[] {
    return records.map((record) => this.reproject(record));
  }

  /** True when both projections hold the same paths, in any order. */
  equals(other: readonly string[]): boolean {
    const otherSet = new Set(other);

    return this.length === otherSet.size && this.every((path) => otherSet.has(path));
  }

  private reproject(record: RecordData): RecordData {
    const { columns, relations } = partsOf(this);
    const result: RecordData = {};
    for (const column of columns) {
      if (Object.hasOwn(record, column)) result[column] = record[column];
    }

    for (const [relation, projection] of relations) {
      if (!Object.hasOwn(record, relation)) continue;
      const value = record[relation];
      result[relation] = isRecord(value) ? projection.reproject(value) : null;
    }

    return result;
  }
}

type ProjectionParts = {
  readonly columns: readonly string[];
  readonly relations: ReadonlyArray<readonly [string, Projection]>;
};

/**
 * The columns and relation projections of each projection, computed on first use. Projections are
 * frozen, so they never go stale; `apply` reads them once per projection instead of once per record.
 */
const parts = new WeakMap<Projection, ProjectionParts>();

function partsOf(projection: Projection): ProjectionParts {
  let cached = parts.get(projection);
  if (cached === undefined) {
    const columns: string[] = [];
    const paths = new Map<string, string[]>();
    for (const path of projection) {
      const index = path.indexOf(':');
      if (index === -1) {
        columns.push(path);
        continue;
      }
      const relation = path.slice(0, index);
      const sub = paths.get(relation);
      if (sub === undefined) paths.set(relation, [path.slice(index + 1)]);
      else sub.push(path.slice(index + 1));
    }
    const relations = [...paths].map(([name, sub]) => [name, new Projection(...sub)] as const);
    cached = { columns, relations };
    parts.set(projection, cached);
  }

  return cached;
}

function isRecord(value: unknown): value is RecordData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { ValidationError } from '../errors/errors';
import type { RecordData } from '../records/record';
import { RecordUtils } from '../records/record-utils';
import { compareValues } from './compare-values';
import { Projection } from './projection';

/** One sort criterion: a field path (`title`, `author:name`) and its direction. */
export type SortClause = { readonly field: string; readonly ascending: boolean };

/**
 * An ordered list of sort clauses; the first clause decides, later ones break ties. Instances are
 * frozen; every method returns a new sort. `map`, `filter` and `slice` return plain arrays.
 *
 * @example Sort.fromString('-createdAt,author:name')
 */
export class Sort extends Array<SortClause> {
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  constructor(...clauses: SortClause[]) {
    super();
    for (const clause of clauses) this.push(Object.freeze({ field: clause.field, ascending: clause.ascending }));
    Object.freeze(this);
  }

  /**
   * Parses the sort syntax of list routes: comma-separated field paths, each prefixed with `-`
   * for a descending order.
   * @throws ValidationError when a part is empty (`'title,'`, `'-'`).
   */
  static fromString(value: string): Sort {
    const clauses = value.split(',').map((raw) => {
      const part = raw.trim();
      const descending = part.startsWith('-');
      const field = descending ? part.slice(1).trim() : part;
      if (field === '') {
        throw new ValidationError(
          `Invalid sort "${value}": expected comma-separated fields such as "-createdAt,title".`,
        );
      }

      return { field, ascending: !descending };
    });

    return new Sort(...clauses);
  }

  /** The fields the sort reads. */
  get projection(): Projection {
    return new Projection(...this.map((clause) => clause.field));
  }

  /** Prefixes every field with `prefix:`; an empty prefix returns the sort unchanged. */
  nest(prefix?: string | null): Sort {
    if (!prefix) return this;

    return this.replaceClauses((clause) => ({ ...clause, field: `${prefix}:${clause.field}` }));
  }

  /**
   * Removes the relation shared by every field (`author:name` becomes `name`).
   * @throws Error when the fields do not all start with the same relation.
   */
  unnest(): Sort {
    const first = this[0];
    if (first === undefined) return this;
    const prefix = `${first.field.split(':')[0]}:`;
    if (!this.every(({ field }) => field.startsWith(prefix) && field.length > prefix.length)) {
      throw new Error(
        `Cannot unnest sort [${this.map(({ field }) => field).join(', ')}]: fields do not share one relation.`,
      );
    }

    return this.replaceClauses((clause) => ({ ...clause, field: clause.field.slice(prefix.length) }));
  }

  /** The same clauses in the opposite direction. */
  inverse(): Sort {
    return this.replaceClauses((clause) => ({ ...clause, ascending: !clause.ascending }));
  }

  /** Replaces each clause with what `handler` returns (one clause, several, or none). */
  replaceClauses(handler: (clause: SortClause) => SortClause | readonly SortClause[]): Sort {
    return new Sort(...this.flatMap((clause) => handler(clause)));
  }

  /**
   * A sorted copy of `records`. The sort is stable. Nulls (and missing values) come first in an
   * ascending clause and last in a descending one, as `compareValues` orders them.
   */
  apply<T extends RecordData>(records: readonly T[]): T[] {
    return [...records].sort((a, b) => {
      for (const { field, ascending } of this) {
        const order = compareValues(RecordUtils.getFieldValue(a, field), RecordUtils.getFieldValue(b, field));
        if (order !== 0) return ascending ? order : -order;
      }

      return 0;
    });
  }

  /** True when both sorts hold the same clauses in the same order. */
  equals(other: readonly SortClause[]): boolean {
    return (
      this.length === other.length &&
      this.every(
        (clause, index) => clause.field === other[index]?.field && clause.ascending === other[index]?.ascending,
      )
    );
  }
}

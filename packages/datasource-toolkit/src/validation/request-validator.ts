import { IANAZone } from 'luxon';
import type { Collection } from '../contracts/collection';
import { ValidationError } from '../errors/errors';
import type { Aggregation } from '../query/aggregation';
import type { Filter } from '../query/filter/filter';
import type { PaginatedFilter } from '../query/filter/paginated-filter';
import type { RecordData } from '../records/record';
import { isRelation } from '../schema/collection-schema';
import { AggregationLimitValidator } from './aggregation-limit-validator';
import { ConditionTreeValidator } from './condition-tree-validator';
import { ProjectionValidator } from './projection-validator';
import { SortValidator } from './sort-validator';

/**
 * The checks a database collection runs on a request before it builds a query, so that bad input
 * is a `ValidationError` (or `MissingFieldError`) whatever the database: fields, operators and
 * values against the schema, and the caller's time zone where the query depends on it.
 *
 * @example
 * async list(caller: Caller, filter: PaginatedFilter, projection: Projection) {
 *   RequestValidator.validateList(this, filter, projection, caller.timezone);
 *   // ...build and run the query
 * }
 */
export class RequestValidator {
  /** Checks the condition tree of `filter`, and `timezone` when a relative date (`Today`...) needs it. */
  static validateFilter(collection: Collection, filter: Filter | undefined, timezone: string): void {
    if (!filter?.conditionTree) return;
    ConditionTreeValidator.validate(filter.conditionTree, collection);
    // Relative dates are computed in the caller's zone: an unknown one is bad input.
    if (filter.conditionTree.someLeaf((leaf) => leaf.useIntervalOperator)) RequestValidator.validateTimeZone(timezone);
  }

  /** Checks a list request: its filter (see `validateFilter`), projection and sort. */
  static validateList(
    collection: Collection,
    filter: PaginatedFilter,
    projection: readonly string[],
    timezone: string,
  ): void {
    RequestValidator.validateFilter(collection, filter, timezone);
    ProjectionValidator.validate(collection, projection);
    SortValidator.validate(collection, filter.sort ?? []);
  }

  /** Checks an aggregate request: its filter (see `validateFilter`), the fields it reads and its limit. */
  static validateAggregate(
    collection: Collection,
    filter: Filter,
    aggregation: Aggregation,
    limit: number | undefined,
    timezone: string,
  ): void {
    RequestValidator.validateFilter(collection, filter, timezone);
    ProjectionValidator.validate(collection, aggregation.projection);
    AggregationLimitValidator.validate(limit);
  }

  /** @throws ValidationError when `timezone` is not an IANA time zone name. */
  static validateTimeZone(timezone: string): void {
    if (!IANAZone.isValidZone(timezone)) {
      throw new ValidationError(`Unknown time zone "${timezone}": expected an IANA name such as "Europe/Paris".`);
    }
  }

  /**
   * Checks that a record to write sets no relation: a related record (nested, as a to-one relation
   * reads) is written in its own collection, and the link through the foreign key.
   * @param foreignKey how the message names a foreign key, such as `foreign key column`.
   * @throws ValidationError naming the first relation the record sets.
   */
  static validateColumnsOnly(collection: Collection, record: RecordData, foreignKey = 'foreign key'): void {
    const relation = Object.keys(record).find((name) => isRelation(collection.schema.fields[name]));
    if (relation !== undefined) {
      throw new ValidationError(
        `Cannot write relation '${relation}' of '${collection.name}' directly: set its ${foreignKey} instead.`,
        { details: { collection: collection.name, field: relation } },
      );
    }
  }
}

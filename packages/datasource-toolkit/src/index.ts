// The public surface of @platform/datasource-toolkit: every name is listed here, by the module that
// defines it, so a new public name is a visible line in review. Test helpers live in the
// `@platform/datasource-toolkit/testing` subpath (src/testing/index.ts).

// Contracts: what a data source and its collections implement, and who calls them.
export type { Caller } from './caller';
export { ACTION_FIELD_TYPES, type ActionFieldType, type ActionFormField, type ActionResult } from './contracts/action';
export { type Chart, DATE_OPERATIONS, type DateOperation } from './contracts/chart';
export type { Collection, DataSource, DataSourceFactory } from './contracts/collection';

// Typed errors (no HTTP status: each app maps them at its edge) and the zod-issue helpers.
export {
  BusinessError,
  type BusinessErrorOptions,
  ConflictError,
  ForbiddenError,
  isErrorOfKind,
  MissingFieldError,
  NotFoundError,
  TooManyRequestsError,
  UnavailableError,
  UnprocessableError,
  ValidationError,
  type ValidationErrorOptions,
  type ValidationIssue,
} from './errors/errors';
export {
  parseWithZod,
  type SafeParser,
  type ValidationErrorFromZodOptions,
  validationErrorFromIssues,
  validationErrorFromZod,
  type ZodErrorLike,
  type ZodIssueLike,
} from './errors/validation-error-from-zod';

// A data source that keeps records in memory, for tests, demos and small static data.
export { createInMemoryDataSource } from './in-memory/create-in-memory-data-source';
export type {
  InMemoryCollectionDefinition,
  InMemoryColumnDefinition,
  InMemoryDataSourceDefinition,
} from './in-memory/in-memory-definition';

// Logging.
export { isLevelEnabled, LOG_LEVELS, type Logger, type LoggerLevel } from './logger';

// The query model: what a request reads, which records, in which order, and how it aggregates.
export { AGGREGATION_OPERATIONS, type AggregationOperation } from './query/aggregate-values';
export { Aggregation, type AggregationGroup, type AggregationParts } from './query/aggregation';
export { ConditionTree, isConditionTree, type LeafReplacement } from './query/condition-tree/condition-tree';
export { ConditionTreeBranch } from './query/condition-tree/condition-tree-branch';
export { ConditionTreeFactory } from './query/condition-tree/condition-tree-factory';
export { ConditionTreeLeaf } from './query/condition-tree/condition-tree-leaf';
export { ConditionTreeEquivalent } from './query/condition-tree/equivalence/condition-tree-equivalent';
export { escapeRegExp } from './query/condition-tree/match/escape-regexp';
export { escapeLikePattern, likeToRegExp } from './query/condition-tree/match/like-pattern';
export { parseRegExp } from './query/condition-tree/match/parse-regexp';
export {
  MAX_CONDITION_TREE_DEPTH,
  MAX_CONDITION_TREE_NODES,
} from './query/condition-tree/parse-plain-condition-tree';
export type {
  Aggregator,
  PlainConditionTree,
  PlainConditionTreeBranch,
  PlainConditionTreeLeaf,
} from './query/condition-tree/plain-condition-tree';
export {
  type DateRange,
  getDateRange,
  MAX_RELATIVE_DAYS,
  MAX_RELATIVE_HOURS,
} from './query/condition-tree/time/date-range';
export { isRelativeDateOperator, type RelativeDateOperator } from './query/condition-tree/time/relative-date-operators';
export { relativeDateTree } from './query/condition-tree/time/relative-date-tree';
export { Filter, type FilterParts } from './query/filter/filter';
export { FilterFactory } from './query/filter/filter-factory';
export { PaginatedFilter, type PaginatedFilterParts } from './query/filter/paginated-filter';
export { buildSearchTree, type SearchTreeOptions } from './query/filter/search-tree';
export {
  ARRAY_OPERATORS,
  DATE_OPERATORS,
  EQUALITY_OPERATORS,
  INTERVAL_OPERATORS,
  isOperator,
  LIST_OPERATORS,
  MEMBERSHIP_OPERATORS,
  OPERATORS,
  type Operator,
  ORDER_OPERATORS,
  PATTERN_OPERATORS,
  PRESENCE_OPERATORS,
  RELATIVE_DATE_OPERATORS,
  TEXT_CHECK_OPERATORS,
  UNIQUE_OPERATORS,
  VALIDATION_OPERATORS,
  type ValidationOperator,
} from './query/operators';
export { allowedOperatorsForColumnType } from './query/operators-by-type';
export { Page } from './query/page';
export { Projection } from './query/projection';
export { Sort, type SortClause } from './query/sort';

// Records and their identifiers.
export { getCompositeId, getPrimaryKeys, packId, unpackId } from './records/packed-id';
export type { AggregateResult, CompositeId, RecordData } from './records/record';
export { RecordUtils } from './records/record-utils';

// Schemas of collections and their fields.
export {
  type ActionSchema,
  type ActionScope,
  type CollectionSchema,
  type ColumnSchema,
  type DataSourceSchema,
  type FieldSchema,
  isColumn,
  isRelation,
  isToOneRelation,
  type ManyToManySchema,
  type ManyToOneSchema,
  type NumberFormat,
  type OneToManySchema,
  type OneToOneSchema,
  type RelationSchema,
  type ValidationRule,
} from './schema/collection-schema';
export { type ColumnType, isPrimitiveType, PRIMITIVE_TYPES, type PrimitiveType } from './schema/column-type';

// Validators of requests and records against a collection's schema. Each throws typed errors
// (MissingFieldError, ValidationError) whose message lists what is allowed.
export { AggregationLimitValidator } from './validation/aggregation-limit-validator';
export { ConditionTreeValidator } from './validation/condition-tree-validator';
export { FieldValidator } from './validation/field-validator';
export { ProjectionValidator } from './validation/projection-validator';
export { RecordValidator } from './validation/record-validator';
export { RequestValidator } from './validation/request-validator';
export { SortValidator } from './validation/sort-validator';

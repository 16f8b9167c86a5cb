// The public surface of @platform/datasource-toolkit. Each area lists its own exports in its barrel.
export type { Caller } from './caller';
export * from './contracts/action';
export * from './contracts/chart';
export type { Collection, DataSource, DataSourceFactory } from './contracts/collection';
export {
  BusinessError,
  type BusinessErrorOptions,
  ConflictError,
  ForbiddenError,
  isErrorOfKind,
  MissingFieldError,
  NotFoundError,
  TooManyRequestsError,
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
export * from './in-memory';
export { isLevelEnabled, LOG_LEVELS, type Logger, type LoggerLevel } from './logger';
export * from './query';
export * from './query/condition-tree';
export * from './query/operators';
export * from './records';
export type { AggregateResult, CompositeId, RecordData } from './records/record';
export * from './schema/collection-schema';
export * from './schema/column-type';
export * from './validation';

import { describeRequestIssues, type RequestIssue, requestIssuesFromZod } from '@platform/platform-contract';
import type { z } from 'zod';

/**
 * Domain errors of platform-api. They know nothing of HTTP: `src/http/error-handler.ts` chooses
 * the status. Compare them by `name` (`error.name === 'NotFoundError'`), not `instanceof`, which
 * breaks when two copies of a module are loaded (jest module registries, bundles).
 */

/** True for an Error whose `name` is one of `names` (see above: never `instanceof`). */
export function isErrorNamed(error: unknown, ...names: readonly string[]): error is Error {
  return error instanceof Error && names.includes(error.name);
}

/** One bad field: its dotted path (`body.scopes.0`, empty for the value as a whole) and what is wrong. */
export type ValidationIssue = RequestIssue;

/** The input is malformed: wrong type, missing field, value out of range. */
export class ValidationError extends Error {
  override readonly name: string = 'ValidationError';
  readonly issues: readonly ValidationIssue[];

  constructor(message: string, issues: readonly ValidationIssue[] = [], options?: ErrorOptions) {
    super(message, options);
    this.issues = issues;
  }
}

/** The addressed thing does not exist (or the caller may not know it exists). */
export class NotFoundError extends Error {
  override readonly name: string = 'NotFoundError';
}

/** The request clashes with the current state: a duplicate name, an already active run. */
export class ConflictError extends Error {
  override readonly name: string = 'ConflictError';
}

export type AuthenticationFailure = 'missing' | 'invalid' | 'expired';

/** No valid credentials: none were sent, they are unknown or revoked, or they expired. */
export class AuthenticationError extends Error {
  override readonly name: string = 'AuthenticationError';
  readonly reason: AuthenticationFailure;

  constructor(message: string, reason: AuthenticationFailure = 'invalid', options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

/** Authenticated, but not allowed to do this. */
export class ForbiddenError extends Error {
  override readonly name: string = 'ForbiddenError';
}

/** Too many requests; retry after `retryAfterSeconds`. */
export class RateLimitError extends Error {
  override readonly name: string = 'RateLimitError';
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, options?: ErrorOptions) {
    super(message, options);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Parses `value` with `schema` or throws a `ValidationError` whose issues carry field paths
 * prefixed with `where` (`body`, `query`, `params`, ...).
 *
 * @example const input = parseOrThrow(createTokenBody, request.body, 'body');
 */
export function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  where: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;

  throw validationErrorFromZod(result.error, { where });
}

export interface ValidationErrorFromZodOptions {
  /** Where the input was read (`body`, `query`), the first segment of every path. */
  readonly where?: string;
  /** Names the input in the message, `where` (or `input`) by default; '' leaves only the issues. */
  readonly subject?: string;
  /** Renames a dotted path, such as a CLI option's field to its flag (`adminEmail` to `--admin-email`). */
  readonly renamePath?: (path: string) => string;
}

/**
 * The one place where zod issues become a `ValidationError`: one `{ path, message }` per issue
 * and a message that lists them all (worded by the contract package, which the sandbox shares),
 * the zod error as cause.
 */
export function validationErrorFromZod(
  error: z.ZodError,
  options: ValidationErrorFromZodOptions = {},
): ValidationError {
  const issues = requestIssuesFromZod(error, options);
  const subject = options.subject ?? (options.where || 'input');
  return new ValidationError(describeRequestIssues(issues, subject), issues, { cause: error });
}

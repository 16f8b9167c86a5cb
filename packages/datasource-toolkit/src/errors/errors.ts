/**
 * Typed errors of the query model. None carries an HTTP status: each HTTP app maps them at its
 * edge. Compare them with `isErrorOfKind(error, 'ValidationError')`, never with `instanceof`,
 * because two installed copies of this package have two copies of each class.
 *
 * Each class names itself with a literal `errorName`: `constructor.name` is what a minifier
 * rewrites. A subclass that sets none takes its parent's name.
 */
export class BusinessError extends Error {
  /** The literal name of the class, copied to `name` and `kinds` of its instances. */
  static readonly errorName: string = 'BusinessError';

  /** The name of this error and of every business error class it extends, most specific first. */
  readonly kinds: readonly string[];
  readonly details: Record<string, unknown> | undefined;

  constructor(message: string, options: BusinessErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const kinds: string[] = [];
    for (let type: unknown = new.target; isBusinessErrorClass(type); type = Object.getPrototypeOf(type)) {
      if (Object.hasOwn(type, 'errorName')) kinds.push(type.errorName);
    }
    this.kinds = kinds;
    this.name = kinds[0] ?? BusinessError.errorName;
    this.details = options.details;
  }
}

/** What every business error accepts besides its message. */
export interface BusinessErrorOptions {
  readonly cause?: unknown;
  /** Data a caller can act on (the collection, the field, the allowed values). */
  readonly details?: Record<string, unknown>;
}

/** One bad field of an input: its dotted path (`body.scopes.0`, empty for the whole input) and what is wrong. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

export interface ValidationErrorOptions extends BusinessErrorOptions {
  readonly issues?: readonly ValidationIssue[];
}

/** The request is malformed: unknown field, bad operator, wrong value type. */
export class ValidationError extends BusinessError {
  static override readonly errorName: string = 'ValidationError';

  /** Each bad field and what is wrong with it; empty when the message says it all. */
  readonly issues: readonly ValidationIssue[];

  constructor(message: string, options: ValidationErrorOptions = {}) {
    super(message, options);
    this.issues = options.issues ?? [];
  }
}

/** A field a request names does not exist on the collection. */
export class MissingFieldError extends ValidationError {
  static override readonly errorName: string = 'MissingFieldError';
}

/** The caller may not do this. */
export class ForbiddenError extends BusinessError {
  static override readonly errorName: string = 'ForbiddenError';
}

/** The record, collection, relation or action does not exist. */
export class NotFoundError extends BusinessError {
  static override readonly errorName: string = 'NotFoundError';
}

/** The request is well formed but cannot be carried out (a hook refused it, a constraint failed). */
export class UnprocessableError extends BusinessError {
  static override readonly errorName: string = 'UnprocessableError';
}

/** The request conflicts with the current state (unique value taken, run already active). */
export class ConflictError extends BusinessError {
  static override readonly errorName: string = 'ConflictError';
}

/** Too many requests. */
export class TooManyRequestsError extends BusinessError {
  static override readonly errorName: string = 'TooManyRequestsError';
}

/**
 * The data source cannot answer now: its database or service is down, unreachable, restarting or
 * full, or the connection was lost mid-request. The same request may succeed later;
 * `details.retryAfterSeconds`, when set, says how soon to try again.
 */
export class UnavailableError extends BusinessError {
  static override readonly errorName: string = 'UnavailableError';
}

/**
 * True when `error` is of the business error class named `kind` or of a subclass of it.
 * Works across several installed copies of this package.
 */
export function isErrorOfKind(error: unknown, kind: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const kinds = (error as { kinds?: unknown }).kinds;
  if (Array.isArray(kinds)) return kinds.includes(kind);
  return (error as { name?: unknown }).name === kind;
}

function isBusinessErrorClass(type: unknown): type is typeof BusinessError {
  return typeof type === 'function' && type !== Error && type !== Function.prototype;
}

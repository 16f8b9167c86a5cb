/**
 * Typed errors of the query model. None carries an HTTP status: each HTTP app maps them at its
 * edge. Compare them with `isErrorOfKind(error, 'ValidationError')`, never with `instanceof`,
 * because two installed copies of this package have two copies of each class.
 */
export class BusinessError extends Error {
  /** The name of this error and of every business error class it extends, most specific first. */
  readonly kinds: readonly string[];

  constructor(message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    const kinds: string[] = [];
    for (let proto = new.target.prototype; proto && proto !== Error.prototype; proto = Object.getPrototypeOf(proto)) {
      kinds.push(proto.constructor.name);
    }
    this.kinds = kinds;
    this.details = options?.details;
  }

  readonly details: Record<string, unknown> | undefined;
}

/** The request is malformed: unknown field, bad operator, wrong value type. */
export class ValidationError extends BusinessError {}
/** A field a request names does not exist on the collection. */
export class MissingFieldError extends ValidationError {}
/** The caller may not do this. */
export class ForbiddenError extends BusinessError {}
/** The record, collection, relation or action does not exist. */
export class NotFoundError extends BusinessError {}
/** The request is well formed but cannot be carried out (a hook refused it, a constraint failed). */
export class UnprocessableError extends BusinessError {}
/** The request conflicts with the current state (unique value taken, run already active). */
export class ConflictError extends BusinessError {}
/** Too many requests. */
export class TooManyRequestsError extends BusinessError {}

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

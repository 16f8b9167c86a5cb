import { ValidationError, type ValidationErrorOptions, type ValidationIssue } from './errors';

/** The part of a zod issue this module reads (zod itself stays a dependency of the callers). */
export interface ZodIssueLike {
  readonly code?: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** The keys of an `unrecognized_keys` issue. */
  readonly keys?: readonly string[];
}

/** The part of a `ZodError` this module reads. */
export interface ZodErrorLike {
  readonly issues: readonly ZodIssueLike[];
}

/** A zod schema, as `parseWithZod` uses it. */
export interface SafeParser<Output> {
  safeParse(input: unknown): { success: true; data: Output } | { success: false; error: ZodErrorLike };
}

export interface ValidationErrorFromZodOptions {
  /** Names the input in the message: `Invalid ${subject}: ...`. */
  readonly subject: string;
  /** Prepended to every path: where the input was read (`body`, `query`). */
  readonly pathPrefix?: string;
  /** The keys the input accepts, listed in the message of an unknown key. */
  readonly knownKeys?: readonly string[];
  /** The class thrown; `ValidationError` unless a subclass says more (`AgentOptionsError`). */
  readonly errorClass?: new (
    message: string,
    options: ValidationErrorOptions,
  ) => ValidationError;
}

/**
 * Turns zod issues into one `ValidationError` whose message names every bad field, so the user can
 * fix them all at once; `issues` lists them as `{ path, message }`, the cause keeps the zod error.
 *
 * @example throw validationErrorFromZod(parsed.error, { subject: 'connection options' });
 */
export function validationErrorFromZod(error: ZodErrorLike, options: ValidationErrorFromZodOptions): ValidationError {
  const issues = error.issues.flatMap((issue) => toValidationIssues(issue, options));

  return validationErrorFromIssues(options.subject, issues, { errorClass: options.errorClass, cause: error });
}

/**
 * A `ValidationError` listing `issues`, with the message `validationErrorFromZod` writes: for
 * checks that zod does not make.
 *
 * @example throw validationErrorFromIssues('SQL connection parameters', [{ path: 'schema', message: 'only PostgreSQL has schemas' }]);
 */
export function validationErrorFromIssues(
  subject: string,
  issues: readonly ValidationIssue[],
  options: Pick<ValidationErrorFromZodOptions, 'errorClass'> & { readonly cause?: unknown } = {},
): ValidationError {
  const list = issues.map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`));
  const ErrorClass = options.errorClass ?? ValidationError;

  return new ErrorClass(`Invalid ${subject}: ${list.join('; ')}.`, { issues, cause: options.cause });
}

/**
 * Parses untrusted input at the edge with a zod schema.
 *
 * @param options the subject of the message (`'query'`), or the options of `validationErrorFromZod`.
 * @throws ValidationError listing each issue with its path.
 * @example const body = parseWithZod(createBodySchema, req.body, { subject: 'body', pathPrefix: 'body' });
 */
export function parseWithZod<Output>(
  schema: SafeParser<Output>,
  input: unknown,
  options: string | ValidationErrorFromZodOptions,
): Output {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;

  throw validationErrorFromZod(parsed.error, typeof options === 'string' ? { subject: options } : options);
}

function toValidationIssues(issue: ZodIssueLike, options: ValidationErrorFromZodOptions): ValidationIssue[] {
  const path = (...parts: readonly PropertyKey[]) =>
    [options.pathPrefix ?? '', ...parts.map(String)].filter((part) => part !== '').join('.');
  if (issue.code === 'unrecognized_keys' && issue.keys !== undefined && issue.keys.length > 0) {
    const known = options.knownKeys === undefined ? '' : ` (known: ${options.knownKeys.join(', ')})`;
    return issue.keys.map((key) => ({ path: path(...issue.path, key), message: `unknown key${known}` }));
  }

  return [{ path: path(...issue.path), message: issue.message }];
}

import type { z } from 'zod';

// How platform-api (and the sandbox that imitates it) words a refused input, in one place: the
// `{ path, message }` issues, the sentence that lists them, and the 400 `invalid_request` body.

/** One problem of a refused input: the dotted path of the bad field (`body.scopes.0`) and zod's message. */
export interface RequestIssue {
  readonly path: string;
  readonly message: string;
}

/** platform-api's 400 answer to an input its schema refuses. */
export interface InvalidRequestBody {
  readonly code: 'invalid_request';
  readonly message: string;
  readonly issues: readonly RequestIssue[];
}

export interface RequestIssuesOptions {
  /** Where the input was read (`body`, `query`): the first segment of every path. */
  readonly where?: string;
  /** Renames a dotted path, such as a CLI option's field to its flag (`adminEmail` to `--admin-email`). */
  readonly renamePath?: (path: string) => string;
}

/** Each zod issue as `{ path, message }`, its dotted path prefixed with `where` and renamed. */
export function requestIssuesFromZod(error: z.ZodError, options: RequestIssuesOptions = {}): RequestIssue[] {
  const { where = '', renamePath = (path: string) => path } = options;
  return error.issues.map((issue) => ({
    path: renamePath([where, ...issue.path.map(String)].filter((part) => part !== '').join('.')),
    message: issue.message,
  }));
}

/**
 * The issues in one sentence: `Invalid <subject>: <path>: <message>; ...`, or the list alone
 * when `subject` is ''. An issue without a path is its message alone.
 */
export function describeRequestIssues(issues: readonly RequestIssue[], subject = ''): string {
  const list = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  return subject === '' ? list : `Invalid ${subject}: ${list}`;
}

/** The 400 `invalid_request` body for an input read at `where` that `error` refused. */
export function invalidRequestBody(error: z.ZodError, where = 'body'): InvalidRequestBody {
  const issues = requestIssuesFromZod(error, { where });
  return { code: 'invalid_request', message: describeRequestIssues(issues, where), issues };
}

// The CLI's errors, one class per thing that went wrong. Each message is the one line the user
// reads (it says what to do next); `run` chooses the exit code from the class name.

/** Wrong arguments or options, or a command run where it makes no sense (exit code 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** No credentials, or the platform refused them: `platform-cloud login` fixes it (exit code 3). */
export class NotLoggedInError extends Error {
  override readonly name = 'NotLoggedInError';
}

/** The platform could not be reached at all (exit code 4). */
export class PlatformUnreachableError extends Error {
  override readonly name = 'PlatformUnreachableError';
}

/** The platform answered with an error (exit code 1); `code` is its error code, when it gave one. */
export class PlatformRequestError extends Error {
  override readonly name = 'PlatformRequestError';

  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The device login did not complete: denied on the page, or its code expired (exit code 3). */
export class LoginFailedError extends Error {
  override readonly name = 'LoginFailedError';
}

/** `tsc` found errors in the project (exit code 1); the message names the first one's file:line:col. */
export class TypeCheckError extends Error {
  override readonly name = 'TypeCheckError';
}

/** esbuild could not bundle the project, or the customization threw while typings were made (exit code 1). */
export class BuildError extends Error {
  override readonly name = 'BuildError';
}

/** The hosted agent could not load the published bundle: the previous version keeps serving (exit code 1). */
export class PublicationFailedError extends Error {
  override readonly name = 'PublicationFailedError';
}

/** The bundle is uploaded, but the hosted agent did not load it within `--timeout` (exit code 1). */
export class PublicationTimeoutError extends Error {
  override readonly name = 'PublicationTimeoutError';
}

/** Exit codes of `platform-cloud` (README "Exit codes"). */
export const ExitCode = { Ok: 0, Failure: 1, Usage: 2, NotLoggedIn: 3, Unreachable: 4 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The exit code of an error thrown by a command; unknown errors are failures. */
export function exitCodeOf(error: unknown): ExitCode {
  switch ((error as { name?: unknown } | null)?.name) {
    case 'UsageError':
      return ExitCode.Usage;
    case 'NotLoggedInError':
    case 'LoginFailedError':
      return ExitCode.NotLoggedIn;
    case 'PlatformUnreachableError':
      return ExitCode.Unreachable;
    default:
      return ExitCode.Failure;
  }
}

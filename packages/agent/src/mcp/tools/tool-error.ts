import { isErrorOfKind, type Logger } from '@platform/datasource-toolkit';
import { errorResult, type ToolResult } from './tool-result';

// The errors a model can act on (a denial, a bad input, a missing record, a refusal by a hook):
// their message is meant to be read. Compared by kind, never with `instanceof` (see the toolkit).
const EXPLAINED_KINDS = [
  'ForbiddenError',
  'ValidationError',
  'NotFoundError',
  'UnprocessableError',
  'ConflictError',
  'TooManyRequestsError',
  'PlatformUnavailableError',
  'UnavailableError',
  'PlatformSecretRefusedError',
] as const;

/**
 * The result of a tool call that threw: business errors answer their name and message; anything
 * else is logged and answers a generic message, as the HTTP routes answer a 500.
 */
export function toolErrorResult(error: unknown, toolName: string, logger: Logger): ToolResult {
  if (EXPLAINED_KINDS.some((kind) => isErrorOfKind(error, kind))) {
    const { name, message } = error as Error;
    logger('Debug', `${name} in MCP tool ${toolName}: ${message}`);

    return errorResult(`${name}: ${message}`);
  }
  logger(
    'Error',
    `Unexpected error in MCP tool ${toolName}`,
    error instanceof Error ? error : new Error(String(error)),
  );

  return errorResult('InternalServerError: Unexpected error. The agent logged it; try again or ask an administrator.');
}

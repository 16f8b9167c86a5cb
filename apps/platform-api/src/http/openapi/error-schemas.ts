import { z } from 'zod';
import type { ErrorCode } from '../error-handler';

/** Every `code` of a 4XX/5XX body (the error handler's `ErrorCode`, checked below). */
export const ERROR_CODES = [
  'invalid_request',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'request_header_fields_too_large',
  'request_timeout',
  'not_found',
  'conflict',
  'rate_limited',
  'service_unavailable',
  'internal_error',
] as const satisfies readonly ErrorCode[];

// Fails to compile when the error handler gains a code that is not listed (and documented) here.
const everyCodeListed: Exclude<ErrorCode, (typeof ERROR_CODES)[number]> extends never ? true : never = true;
void everyCodeListed;

export const errorObject = z
  .object({
    code: z.enum(ERROR_CODES).meta({ description: 'Stable, snake_case; see docs/public-api.md "Errors".' }),
    message: z.string().meta({ description: 'What went wrong and what to do, in English.' }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'With `invalid_request`: each bad parameter (`query.limit`, `body.title`).' }),
  })
  .meta({ id: 'Error' });

export const unauthorizedObject = z
  .object({ error: z.literal('Unauthorized'), message: z.string() })
  .meta({ id: 'Unauthorized', description: 'Missing, invalid, revoked or expired token.' });

export const forbiddenObject = z
  .object({ error: z.literal('Forbidden'), message: z.string() })
  .meta({ id: 'Forbidden', description: 'The token lacks the role, scope, permission level or SSO origin.' });

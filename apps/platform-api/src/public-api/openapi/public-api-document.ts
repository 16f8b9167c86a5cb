import { z } from 'zod';
import {
  createDocument,
  type oas32,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { addNoteMessageInputSchema, createNoteInputSchema } from '../../notes/note-inputs';
import { TOKEN_SCOPES } from '../../tokens/token-scopes';
import { activityLogsListingObject, activityLogsQuerySchema } from '../activity-logs/activity-log-schemas';
import { adminLogsListingObject, adminLogsPathSchema, adminLogsQuerySchema } from '../admin-logs/admin-log-schemas';
import {
  noteObject,
  notePathSchema,
  notesListingObject,
  notesPathSchema,
  notesQuerySchema,
} from '../notes/note-schemas';
import { errorObject, forbiddenObject, unauthorizedObject } from './error-schemas';

const rateLimitHeader = (description: string) => z.int().min(0).meta({ description });

const rateLimitHeaders = z.object({
  'X-RateLimit-Limit': rateLimitHeader('Requests allowed per window for this token (or address).'),
  'X-RateLimit-Remaining': rateLimitHeader('Requests left in the current window.'),
  'X-RateLimit-Reset': rateLimitHeader('Unix time, in seconds, at which the current window ends.'),
});

type Status = '200' | '201' | '400' | '401' | '403' | '404' | '409' | '413' | '429' | '500';
type ErrorStatus = Exclude<Status, '200' | '201'>;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  '400': 'Invalid parameter, body or JSON (`invalid_request`, `invalid_json`).',
  '401': 'Missing, invalid, revoked or expired token.',
  '403': 'The token is not allowed: role, scope, permission level, SSO, or another project.',
  '404': 'Unknown project, environment or note (`not_found`).',
  '409': 'The note is archived (`conflict`).',
  '413': 'The body is larger than 1 MB (`payload_too_large`).',
  '429': 'Rate limit exceeded (`rate_limited`); wait `Retry-After` seconds.',
  '500': 'Unexpected server error (`internal_error`).',
};

function json(schema: z.ZodType) {
  return { 'application/json': { schema } };
}

/**
 * `withoutLimitHeaders`: the status may be answered before the rate limiter runs, without
 * `X-RateLimit-*` headers: a 500 when the token lookup fails, and on write operations the
 * `invalid_json` 400 and the 413, which the app's JSON body parser answers before routing.
 */
function errorResponse(status: ErrorStatus, withoutLimitHeaders = status === '500') {
  const schema = status === '401' ? unauthorizedObject : status === '403' ? forbiddenObject : errorObject;
  const headers =
    status === '429'
      ? rateLimitHeaders.extend({ 'Retry-After': z.int().min(1).meta({ description: 'Seconds to wait.' }) })
      : withoutLimitHeaders
        ? rateLimitHeaders.partial()
        : rateLimitHeaders;
  return { description: ERROR_DESCRIPTIONS[status], headers, content: json(schema) };
}

function responses(
  success: { status: '200' | '201'; description: string; schema: z.ZodType },
  errors: readonly ErrorStatus[],
  isWrite = false,
): ZodOpenApiResponsesObject {
  const result: ZodOpenApiResponsesObject = {
    [success.status]: { description: success.description, headers: rateLimitHeaders, content: json(success.schema) },
  };
  for (const status of errors) {
    result[status] = errorResponse(status, status === '500' || (isWrite && (status === '400' || status === '413')));
  }
  return result;
}

const READ_ERRORS = ['400', '401', '403', '404', '429', '500'] as const;
const WRITE_ERRORS = ['400', '401', '403', '404', '413', '429', '500'] as const;

function operation(
  summary: string,
  scopes: string,
  rest: Omit<ZodOpenApiOperationObject, 'summary' | 'security' | 'description'>,
): ZodOpenApiOperationObject {
  return {
    summary,
    description: `Needs an application token of an Admin of the project with the scope ${scopes}.`,
    security: [{ bearer: [] }],
    ...rest,
  };
}

const writeNote = (summary: string, status: '200' | '201', extraErrors: readonly ErrorStatus[] = []) =>
  operation(summary, '`notes:write` or `all`, on a read-write token', {
    requestParams: { path: notePathSchema },
    responses: responses(
      { status, description: 'The note, as it is now.', schema: noteObject },
      [...WRITE_ERRORS, ...extraErrors],
      true,
    ),
  });

/**
 * The OpenAPI 3.1 document of the public API v1, generated from the zod schemas that validate the
 * requests and type the responses, so the document cannot drift from the code.
 */
export function createPublicApiDocument(serverUrl: string): oas32.OpenAPIObject {
  const notes = '/v1/project/{projectName}/environment/{environmentName}/notes';
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Platform public API',
      version: '1.0.0',
      description: `Notes, activity logs and admin logs. See docs/public-api.md. Token scopes: ${TOKEN_SCOPES.join(', ')}.`,
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Application token.' } } },
    paths: {
      '/v1/openapi.json': {
        get: {
          summary: 'This document',
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document.',
              headers: rateLimitHeaders,
              content: json(z.object({ openapi: z.string() }).loose()),
            },
            '429': errorResponse('429'),
          },
        },
      },
      [notes]: {
        get: operation('List notes', '`notes:read` or `all`', {
          requestParams: { path: notesPathSchema, query: notesQuerySchema },
          responses: responses(
            { status: '200', description: 'One page of notes.', schema: notesListingObject },
            READ_ERRORS,
          ),
        }),
        post: operation('Create a note on a record', '`notes:write` or `all`, on a read-write token', {
          requestParams: { path: notesPathSchema },
          requestBody: { required: true, content: json(createNoteInputSchema) },
          responses: responses({ status: '201', description: 'The new note.', schema: noteObject }, WRITE_ERRORS, true),
        }),
      },
      [`${notes}/{noteId}/messages`]: {
        post: {
          ...writeNote('Add a message to a note', '201', ['409']),
          requestBody: { required: true, content: json(addNoteMessageInputSchema) },
        },
      },
      [`${notes}/{noteId}/archive`]: { post: writeNote('Archive a note', '200') },
      [`${notes}/{noteId}/unarchive`]: { post: writeNote('Unarchive a note', '200') },
      '/v1/project/{projectName}/environment/{environmentName}/activity-logs': {
        get: operation('List activity logs', '`activity_logs:read` or `all`', {
          requestParams: { path: notesPathSchema, query: activityLogsQuerySchema },
          responses: responses(
            { status: '200', description: 'One page of activity-log entries.', schema: activityLogsListingObject },
            READ_ERRORS,
          ),
        }),
      },
      '/v1/project/{projectName}/admin-logs': {
        get: operation('List admin logs', '`admin_logs:read` or `all`', {
          requestParams: { path: adminLogsPathSchema, query: adminLogsQuerySchema },
          responses: responses(
            { status: '200', description: 'One page of admin-log entries.', schema: adminLogsListingObject },
            READ_ERRORS,
          ),
        }),
      },
    },
  });
}

import request from 'supertest';
import { activityLogsQuerySchema } from '../../src/logs/activity-log-schemas';
import { adminLogsQuerySchema } from '../../src/logs/admin-log-schemas';
import { notesQuerySchema } from '../../src/notes/notes-schemas';
import { createPublicApiDocument } from '../../src/public-api';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { createConformanceChecker } from './helpers/openapi-conformance';
import { redoclyLint } from './helpers/redocly-lint';

const NOTES = '/v1/project/{projectName}/environment/{environmentName}/notes';
const ACTIVITY_LOGS = '/v1/project/{projectName}/environment/{environmentName}/activity-logs';
const ADMIN_LOGS = '/v1/project/{projectName}/admin-logs';

interface Parameter {
  in: string;
  name: string;
}

describe('GET /v1/openapi.json', () => {
  let testContext: TestContext;
  // biome-ignore lint/suspicious/noExplicitAny: the document is explored as plain JSON.
  let document: any;

  beforeAll(async () => {
    testContext = await createTestContext('pglite');
    document = (await request(testContext.app).get('/v1/openapi.json')).body;
  });
  afterAll(() => testContext.close());

  test('serves the OpenAPI 3.1 document without authentication, with rate-limit headers', async () => {
    const response = await request(testContext.app).get('/v1/openapi.json');

    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.headers['x-ratelimit-limit']).toBe(
      String(testContext.context.config.PLATFORM_PUBLIC_API_ANONYMOUS_RATE_LIMIT),
    );
  });

  test('serves the document generated from the zod schemas', () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(createPublicApiDocument(testContext.context.config.publicUrl))));
  });

  test('documents every endpoint of the public API v1', () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/v1/openapi.json',
        NOTES,
        `${NOTES}/{noteId}/archive`,
        `${NOTES}/{noteId}/messages`,
        `${NOTES}/{noteId}/unarchive`,
        ACTIVITY_LOGS,
        ADMIN_LOGS,
        '/v1/workflow-runs/{runId}',
        '/hooks/workflows/{signedId}',
      ].sort(),
    );
  });

  test.each([
    [NOTES, notesQuerySchema],
    [ACTIVITY_LOGS, activityLogsQuerySchema],
    [ADMIN_LOGS, adminLogsQuerySchema],
  ])('lists as query parameters of %s exactly the keys its validating schema accepts', (path, schema) => {
    const names = document.paths[path].get.parameters
      .filter((parameter: Parameter) => parameter.in === 'query')
      .map((parameter: Parameter) => parameter.name);

    expect(names).toEqual(Object.keys(schema.shape));
  });

  test('names the query parameters of spec §4.1 literally, with dots', () => {
    const names = document.paths[NOTES].get.parameters.map((parameter: Parameter) => parameter.name);

    expect(names).toEqual(
      expect.arrayContaining(
        ['limit', 'userEmail', 'userId', 'teamName', 'collectionName', 'recordId'].concat(
          ['createdAt', 'updatedAt', 'archivedAt'].flatMap((field) =>
            ['eq', 'lt', 'lte', 'gt', 'gte'].map((operator) => `${field}.${operator}`),
          ),
        ),
      ),
    );
  });

  test('documents 429 and 503 with Retry-After and the error codes of 4XX and 5XX bodies', () => {
    const listing = document.paths[NOTES].get.responses;

    expect(Object.keys(listing).sort()).toEqual(['200', '400', '401', '403', '404', '413', '415', '429', '500', '503']);
    expect(listing['429'].headers['Retry-After'].required).toBe(true);
    expect(listing['503'].headers['Retry-After'].required).toBe(true);
    expect(document.components.schemas.Error.properties.code.enum).toEqual([
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
    ]);
  });

  test('names every operation with a unique operationId, the method name of a generated client', () => {
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map((operation) => operation.operationId),
    );

    expect(operationIds.sort()).toEqual(
      [
        'getOpenApiDocument',
        'listNotes',
        'createNote',
        'addNoteMessage',
        'archiveNote',
        'unarchiveNote',
        'listActivityLogs',
        'listAdminLogs',
        'getWorkflowRun',
        'triggerWorkflow',
      ].sort(),
    );
  });

  test('requires the application token on every operation but the document, which declares no security', () => {
    const security = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { security?: unknown }>).map(([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        operation.security,
      ]),
    );

    expect(document.components.securitySchemes.applicationToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.fromEntries(security)).toEqual({
      ...Object.fromEntries(security.map(([operation]) => [operation, [{ applicationToken: [] }]])),
      'GET /v1/openapi.json': [],
    });
  });

  describe('redocly lint with the recommended rules', () => {
    test('finds no error and no warning in the served document', async () => {
      const result = await redoclyLint(document);

      expect(result.problems).toEqual([]);
      expect({ errors: result.errors, warnings: result.warnings }).toEqual({ errors: 0, warnings: 0 });
    });

    test('reports a missing license and operationId, so the check above can fail', async () => {
      const { license: _license, ...info } = document.info;
      const { operationId: _operationId, ...listNotes } = document.paths[NOTES].get;
      const broken = {
        ...document,
        info,
        paths: { ...document.paths, [NOTES]: { ...document.paths[NOTES], get: listNotes } },
      };

      const result = await redoclyLint(broken);

      expect(result.problems.map((problem) => problem.ruleId).sort()).toEqual([
        'info-license',
        'operation-operationId',
      ]);
    });
  });

  describe('the conformance checker the other test files rely on', () => {
    const headers = { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '9', 'x-ratelimit-reset': '1900000000' };
    const listing = { hasMore: false, parameters: { projectName: 'p', environmentName: 'e', limit: 10 }, data: [] };
    const notesUrl = '/v1/project/p/environment/e/notes?limit=10';

    test('accepts a conforming response', () => {
      const problemsOf = createConformanceChecker(document);

      expect(problemsOf('GET', notesUrl, { status: 200, headers, body: listing })).toEqual([]);
    });

    test.each([
      ['a wrong object literal', 200, headers, { ...listing, data: [{ object: 'notes' }] }],
      ['an extra field', 200, headers, { ...listing, total: 3 }],
      ['an undocumented status', 418, headers, { code: 'not_found', message: 'x' }],
      ['a missing rate-limit header', 200, { 'x-ratelimit-limit': '10' }, listing],
      ['an error body without code', 404, headers, { message: 'x' }],
      ['a token error in the wrong shape', 401, headers, { code: 'unauthorized', message: 'x' }],
    ])('reports %s', (_name, status, responseHeaders, body) => {
      const problemsOf = createConformanceChecker(document);

      expect(problemsOf('GET', notesUrl, { status, headers: responseHeaders, body })).not.toEqual([]);
    });
  });
});

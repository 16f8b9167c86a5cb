import { agentContract, EVENTS_PATH, SECRET_HEADER } from '@platform/platform-contract';
import { invalidRequestBody } from './invalid-request-body';
import type { SuiteContext } from './suite-context';

/** The largest body an agent route accepts: schemas of large databases are big. */
const BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/** A checkSchema body of exactly `bytes` bytes, valid (unknown keys are ignored). */
function checkSchemaBodyOf(bytes: number): string {
  const head = `{"schemaHash":"${'c'.repeat(40)}","padding":"`;
  return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
}

/** How the server refuses what it cannot serve: wrong secrets, unknown routes, malformed bodies. */
export function describeRefusalCases(suite: SuiteContext): void {
  const { send } = suite;

  describe('the environment secret', () => {
    const routes = [...Object.values(agentContract), { method: 'GET', path: EVENTS_PATH, request: null }];

    test.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
      '%s answers 401 unauthorized to a wrong secret',
      async (_label, route) => {
        const response = await send(route.path, {
          method: route.method,
          secret: 'f'.repeat(64),
          body: route.request === null ? undefined : '{}',
        });

        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          code: 'unauthorized',
          message: "The environment secret is not valid: check the agent's envSecret.",
        });
      },
    );

    test.each([
      ['missing', null],
      ['empty', ''],
    ])('a %s secret answers 401 unauthorized', async (_label, secret) => {
      const response = await send(agentContract.environment.path, { secret });

      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: 'unauthorized',
        message: `Send the environment secret in the ${SECRET_HEADER} header.`,
      });
    });
  });

  describe('unknown routes', () => {
    test.each([
      ['GET', '/nowhere', null],
      ['GET', '/agent/v1/nowhere', undefined],
      ['DELETE', agentContract.environment.path, undefined],
    ] as const)('%s %s answers 404 not_found', async (method, path, secret) => {
      const response = await send(path, { method, secret });

      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 'not_found', message: `No route for ${method} ${path}` });
    });

    test('an unknown route under the agent prefix needs the secret first', async () => {
      const response = await send('/agent/v1/nowhere', { secret: 'f'.repeat(64) });

      expect(response.status).toBe(401);
    });
  });

  describe('malformed bodies', () => {
    const cases = [
      ['checkSchema', agentContract.checkSchema, { schemaHash: 'not-a-sha1' }],
      ['uploadSchema', agentContract.uploadSchema, { collections: 'books' }],
      ['activity', agentContract.activity, { entries: [] }],
      ['activity', agentContract.activity, [{ entries: [] }]],
      ['exchangeCode', agentContract.exchangeCode, { code: '' }],
    ] as const;

    test.each(cases)('%s answers 400 invalid_request naming each field', async (_name, route, body) => {
      const response = await send(route.path, { method: route.method, body: JSON.stringify(body) });

      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(invalidRequestBody(route.request, body));
    });

    test('a body that is not sent as JSON is refused as missing', async () => {
      const { path, method, request } = agentContract.checkSchema;
      const body = JSON.stringify({ schemaHash: 'c'.repeat(40) });
      const response = await send(path, { method, body, headers: { 'content-type': 'text/plain' } });

      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(invalidRequestBody(request, undefined));
    });
  });

  describe('unreadable bodies', () => {
    const { path, method } = agentContract.checkSchema;

    test.each([
      ['invalid JSON', 400, 'invalid_json', '{"schemaHash":', {}, 'The request body is not valid JSON'],
      [
        'an unsupported Content-Encoding',
        415,
        'unsupported_media_type',
        '{}',
        { 'content-encoding': 'compress' },
        `The request body's Content-Encoding is not supported (unsupported content encoding "compress"); send it as identity, gzip, deflate or br.`,
      ],
      [
        'a body not compressed as its Content-Encoding says',
        400,
        'invalid_request',
        '{}',
        { 'content-encoding': 'gzip' },
        'The request body could not be read (Bad Request): is it compressed as its Content-Encoding says?',
      ],
      [
        'an unsupported charset',
        415,
        'invalid_request',
        '{}',
        { 'content-type': 'application/json; charset=latin1' },
        'unsupported charset "LATIN1"',
      ],
    ] as const)('%s answers %i %s', async (_label, status, code, body, headers, message) => {
      const response = await send(path, { method, body, headers });

      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ code, message });
    });

    test('a body of the limit is read; one byte more answers 413 payload_too_large', async () => {
      const atLimit = await send(path, { method, body: checkSchemaBodyOf(BODY_LIMIT_BYTES) });
      const overLimit = await send(path, { method, body: checkSchemaBodyOf(BODY_LIMIT_BYTES + 1) });

      expect(atLimit.status).toBe(200);
      expect(overLimit.status).toBe(413);
      expect(await overLimit.json()).toEqual({ code: 'payload_too_large', message: 'The request body is too large' });
    });
  });
}

import type express from 'express';
import request from 'supertest';
import { createConformanceChecker } from './openapi-conformance';

export interface ApiResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field in tests.
  readonly body: any;
}

export interface PublicApiClient {
  get(path: string, token?: string): Promise<ApiResponse>;
  post(path: string, body: unknown, token?: string): Promise<ApiResponse>;
  /** How many responses were checked against the OpenAPI document so far. */
  readonly checkedCount: number;
}

/**
 * Calls the public API over real HTTP (supertest) and checks EVERY response against the OpenAPI
 * document served at /v1/openapi.json: a response that does not conform fails the test that made it.
 */
export function createPublicApiClient(app: express.Express, document?: object): PublicApiClient {
  // The served document by default; rate-limit tests pass it in, so fetching it spends no request.
  let checker = document
    ? createConformanceChecker(document as Parameters<typeof createConformanceChecker>[0])
    : undefined;
  let checkedCount = 0;

  async function conform(method: string, path: string, response: request.Response): Promise<ApiResponse> {
    if (!checker) {
      const documentResponse = await request(app).get('/v1/openapi.json');
      checker = createConformanceChecker(documentResponse.body);
    }
    const problems = checker(method, path, response);
    if (problems.length > 0) {
      throw new Error(
        `${method} ${path} → ${response.status} does not conform to the OpenAPI document:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(response.body)}`,
      );
    }
    checkedCount += 1;
    return { status: response.status, headers: response.headers as Record<string, string>, body: response.body };
  }

  const withToken = (test: request.Test, token?: string) =>
    token ? test.set('Authorization', `Bearer ${token}`) : test;

  return {
    async get(path, token) {
      return conform('GET', path, await withToken(request(app).get(path), token));
    },
    async post(path, body, token) {
      let test = withToken(request(app).post(path), token);
      if (typeof body === 'string') test = test.set('Content-Type', 'application/json').send(body);
      else if (body !== undefined) test = test.send(body as object);
      return conform('POST', path, await test);
    },
    get checkedCount() {
      return checkedCount;
    },
  };
}

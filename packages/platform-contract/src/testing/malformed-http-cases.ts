import { agentContract } from '@platform/platform-contract';
import { rawExchange } from './raw-exchange';
import type { SuiteContext } from './suite-context';

/** Node's default limit on a request line and its headers together (`--max-http-header-size`). */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Requests Node refuses before any route sees them: the same `{ code, message }` JSON body as
 * every other refusal, not Node's bare status line.
 */
export function describeMalformedHttpCases(suite: SuiteContext): void {
  test.each([
    [
      'a request line and headers over the limit',
      `GET ${agentContract.environment.path}?q=${'a'.repeat(MAX_HEADER_BYTES)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      '431 Request Header Fields Too Large',
      {
        code: 'request_header_fields_too_large',
        message: `The request line and headers exceed ${MAX_HEADER_BYTES} bytes; shorten the query string (or the headers).`,
      },
    ],
    [
      'a request that is not HTTP',
      'HELLO THERE\r\n\r\n',
      '400 Bad Request',
      { code: 'invalid_request', message: 'The request is not valid HTTP/1.1.' },
    ],
  ])('%s answers JSON, then closes', async (_label, request, statusLine, body) => {
    const answer = await rawExchange(suite.target().serverUrl, request);

    const [head = '', json = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${statusLine}`);
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(json)).toEqual(body);
  });
}

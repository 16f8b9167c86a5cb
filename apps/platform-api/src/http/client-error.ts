import type { Socket } from 'node:net';
import type { ErrorBody } from './error-handler';

/**
 * The most a request line and its headers may weigh together before Node refuses the request
 * (Node's `--max-http-header-size`, 16 KiB by default): a query string longer than about that gets
 * 431 `request_header_fields_too_large`.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

interface ClientErrorAnswer {
  readonly status: number;
  readonly reason: string;
  readonly body: ErrorBody;
}

function answerFor(error: NodeJS.ErrnoException): ClientErrorAnswer {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        body: {
          code: 'request_header_fields_too_large',
          message: `The request line and headers exceed ${MAX_HEADER_BYTES} bytes; shorten the query string (or the headers).`,
        },
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        reason: 'Payload Too Large',
        body: { code: 'payload_too_large', message: 'The chunk extensions of the request body are too large.' },
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        body: { code: 'request_timeout', message: 'The request took too long to arrive; send it again.' },
      };
    default:
      return {
        status: 400,
        reason: 'Bad Request',
        body: { code: 'invalid_request', message: 'The request is not valid HTTP/1.1.' },
      };
  }
}

/**
 * Node's `clientError` listener: a request Node refuses before any route sees it (headers over the
 * limit, malformed HTTP, a timeout) gets the same `{ code, message }` body as every other 4XX,
 * instead of Node's bare status line. Does what Node's default does otherwise: answers only when
 * nothing was written on the socket yet, then closes it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const { status, reason, body } = answerFor(error);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

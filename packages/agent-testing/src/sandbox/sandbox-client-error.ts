import type { Socket } from 'node:net';

/** Node's default limit on a request line and its headers together (`--max-http-header-size`). */
const MAX_HEADER_BYTES = 16 * 1024;

interface ClientErrorAnswer {
  readonly statusLine: string;
  readonly code: string;
  readonly message: string;
}

function answerFor(error: NodeJS.ErrnoException): ClientErrorAnswer {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        statusLine: '431 Request Header Fields Too Large',
        code: 'request_header_fields_too_large',
        message: `The request line and headers exceed ${MAX_HEADER_BYTES} bytes; shorten the query string (or the headers).`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        statusLine: '413 Payload Too Large',
        code: 'payload_too_large',
        message: 'The chunk extensions of the request body are too large.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        statusLine: '408 Request Timeout',
        code: 'request_timeout',
        message: 'The request took too long to arrive; send it again.',
      };
    default:
      return { statusLine: '400 Bad Request', code: 'invalid_request', message: 'The request is not valid HTTP/1.1.' };
  }
}

/**
 * Node's `clientError` listener, as platform-api's: a request Node refuses before any route sees
 * it gets the `{ code, message }` body of every other refusal instead of a bare status line.
 * Answers only when nothing was written on the socket yet, then closes it, as Node's default does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const { statusLine, code, message } = answerFor(error);
  const json = JSON.stringify({ code, message });
  socket.end(
    `HTTP/1.1 ${statusLine}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

import { once } from 'node:events';
import net from 'node:net';
import { answerClientError } from '../../src/http/client-error';

/** Calls answerClientError on the server side of a real connection; resolves with what the client read. */
async function answerTo(code: string, { written = false } = {}): Promise<string> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  const client = net.connect(port, '127.0.0.1');
  const [socket] = (await once(server, 'connection')) as [net.Socket];
  let answer = '';
  client.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  if (written) socket.write('HTTP/1.1 200 OK\r\n');

  answerClientError(Object.assign(new Error(code), { code }), socket);
  await once(client, 'close');
  server.close();
  return answer;
}

describe('answerClientError', () => {
  test.each([
    ['HPE_HEADER_OVERFLOW', '431 Request Header Fields Too Large', 'request_header_fields_too_large'],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', '413 Payload Too Large', 'payload_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', '408 Request Timeout', 'request_timeout'],
    ['HPE_INVALID_METHOD', '400 Bad Request', 'invalid_request'],
  ])('answers %s with %s and a { code, message } body, then closes', async (code, statusLine, errorCode) => {
    const answer = await answerTo(code);

    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${statusLine}`);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ code: errorCode, message: expect.any(String) });
  });

  test('writes nothing more once a response has started, and closes', async () => {
    const answer = await answerTo('HPE_HEADER_OVERFLOW', { written: true });

    expect(answer).toBe('HTTP/1.1 200 OK\r\n');
  });

  test('writes nothing on a connection the client reset', async () => {
    expect(await answerTo('ECONNRESET')).toBe('');
  });
});

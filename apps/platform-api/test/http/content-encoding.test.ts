import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/test-context';

// The body parsers decompress before parsing; a body that is not what its Content-Encoding says is
// the client's error on every route that reads a body: JSON (public API, session API, unknown
// paths) and forms (sign-in).
describe('bodies whose Content-Encoding does not match', () => {
  let testContext: TestContext;
  beforeAll(async () => {
    testContext = await createTestContext('pglite');
  });
  afterAll(() => testContext.close());

  const routes: [string, string][] = [
    ['/v1/project/p/environment/e/notes', 'application/json'],
    ['/api/projects/p/tokens', 'application/json'],
    ['/no-such-route', 'application/json'],
    ['/login', 'application/x-www-form-urlencoded'],
  ];
  const post = (path: string, type: string, encoding: string, body: string | Buffer) =>
    request(testContext.app).post(path).set('Content-Type', type).set('Content-Encoding', encoding).send(body);

  describe.each(routes)('POST %s (%s)', (path, type) => {
    test.each(['gzip', 'deflate', 'br'])('a body that is not %s answers 400 invalid_request', async (encoding) => {
      const response = await post(path, type, encoding, type === 'application/json' ? '{"a":1}' : 'a=1');

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'invalid_request',
        message: expect.stringContaining('is it compressed as its Content-Encoding says?'),
      });
    });

    test('an unsupported Content-Encoding answers 415 unsupported_media_type', async () => {
      const response = await post(path, type, 'compress', 'a');

      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        code: 'unsupported_media_type',
        message: expect.stringContaining('send it as identity, gzip, deflate or br'),
      });
    });
  });

  test('a body that is really gzip is read (the public API then asks for a token)', async () => {
    // Over a real socket: supertest re-encodes a Buffer sent with a JSON Content-Type.
    const server = testContext.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;

    const response = await fetch(`http://127.0.0.1:${port}/v1/project/p/environment/e/notes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: gzipSync('{"title":"hi"}'),
    });
    server.close();

    expect(response.status).toBe(401);
  });
});

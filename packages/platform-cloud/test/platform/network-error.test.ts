import { asUnreachable } from '../../src/platform/network-error';
import { closedPort } from '../helpers/closed-port';

const URL = 'http://127.0.0.1:3400';

describe('asUnreachable', () => {
  test("says fetch's refused connection in one line, with the platform URL", async () => {
    const port = await closedPort();
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((caught: unknown) => caught);

    expect(asUnreachable(URL, error)?.message).toBe(
      `cannot reach the platform at ${URL}: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  test('says why fetch got no answer when no network code tells it (a port fetch refuses)', async () => {
    const error = await fetch('http://127.0.0.1:1/').catch((caught: unknown) => caught);

    expect(asUnreachable(URL, error)?.message).toBe(`cannot reach the platform at ${URL}: bad port`);
  });

  test('reads the reason of an AggregateError with an empty message (localhost: ::1 then 127.0.0.1)', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED ::1:3400'), { code: 'ECONNREFUSED' });
    const aggregate = Object.assign(new AggregateError([inner], ''), { code: 'ECONNREFUSED' });
    const error = new TypeError('fetch failed', { cause: aggregate });

    expect(asUnreachable(URL, error)).toMatchObject({
      name: 'PlatformUnreachableError',
      message: `cannot reach the platform at ${URL}: connect ECONNREFUSED ::1:3400`,
    });
  });

  test('leaves other errors alone', () => {
    expect(asUnreachable(URL, new Error('boom'))).toBeUndefined();
    expect(asUnreachable(URL, undefined)).toBeUndefined();
  });
});

import type { Logger } from '@platform/datasource-toolkit';
import { makePlatformStatus } from '../factories/platform-status';

const REFUSAL = { status: 401, code: 'unauthorized', message: 'The platform answered 401 to GET /agent/v1/users' };
const TIMEOUT = { isTransient: true, message: 'The platform did not answer GET /agent/v1/users within 5000 ms.' };

function makeStatus() {
  const logger = jest.fn<void, Parameters<Logger>>();
  const status = makePlatformStatus({ logger });
  const lines = (level: string) =>
    logger.mock.calls.filter(([lineLevel]) => lineLevel === level).map(([, line]) => line);

  return { status, lines };
}

describe('PlatformStatus', () => {
  test('logs a refused secret once at Error, however many calls are refused, naming the cause and the fix', () => {
    const { status, lines } = makeStatus();
    status.answered();

    for (let call = 0; call < 1_000; call += 1) status.failed(REFUSAL);

    expect(status.state).toBe('refused');
    expect(lines('Error')).toEqual([
      expect.stringMatching(
        /^platform-api at http:\/\/platform\.test refused this agent's environment secret \(.*401.*\)\. Check PLATFORM_ENV_SECRET/,
      ),
    ]);
  });

  test('logs each change of state once: refused, back, refused again', () => {
    const { status, lines } = makeStatus();
    status.answered();

    status.failed(REFUSAL);
    status.failed(REFUSAL);
    status.answered();
    status.answered();
    status.failed(REFUSAL);

    expect(lines('Error')).toHaveLength(2);
    expect(lines('Info')).toEqual([
      'platform-api at http://platform.test answers again and accepts the environment secret.',
    ]);
    expect(status.refusals).toBe(2);
  });

  test('stays refused through timeouts: only an answer says the secret is accepted again', () => {
    const { status, lines } = makeStatus();
    status.answered();
    status.failed(REFUSAL);

    status.failed(TIMEOUT);

    expect(status.state).toBe('refused');
    expect(lines('Warn')).toEqual([]);
    expect(lines('Error')).toHaveLength(1);
  });

  test('logs an unavailable platform once at Warn, with how long cached data is used', () => {
    const { status, lines } = makeStatus();
    status.answered();

    for (let call = 0; call < 100; call += 1) status.failed(TIMEOUT);

    expect(status.state).toBe('unreachable');
    expect(lines('Warn')).toEqual([
      expect.stringMatching(/is unavailable: .*used until they are 300 s old, then .*503/),
    ]);
    expect(lines('Error')).toEqual([]);
  });

  test('takes an answer that is not a refusal (a 404, a malformed body) as proof that the secret is accepted', () => {
    const { status } = makeStatus();
    status.failed(REFUSAL);

    status.failed({ status: 404, code: 'invalid_client', message: 'No such client' });

    expect(status.state).toBe('connected');
  });

  test('does not take an MCP client refusal (401 invalid_client) for a refused secret', () => {
    const { status } = makeStatus();
    status.answered();

    status.failed({ status: 401, code: 'invalid_client', message: 'No MCP client' });

    expect(status.state).toBe('connected');
  });

  test('logs no failure before the first answer: the start path logs its own lines', () => {
    const timedOut = makeStatus();
    const refused = makeStatus();

    timedOut.status.failed(TIMEOUT);
    refused.status.failed(REFUSAL);

    expect([timedOut.status.state, refused.status.state]).toEqual(['unreachable', 'refused']);
    expect([...timedOut.lines('Warn'), ...refused.lines('Error')]).toEqual([]);
  });

  test('logs a refusal after a start that found the platform unreachable', () => {
    const { status, lines } = makeStatus();
    status.failed(TIMEOUT);

    status.failed(REFUSAL);

    expect(lines('Error')).toHaveLength(1);
  });
});

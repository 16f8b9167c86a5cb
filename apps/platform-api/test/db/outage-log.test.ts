import pino from 'pino';
import { createOutageLog } from '../../src/db/outage-log';

function capturingLogger() {
  const lines: Array<{ level: number; msg: string; failuresSinceLastLine?: number; failures?: number }> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('createOutageLog', () => {
  test('logs a failure repeated a thousand times once, then once per period with the count since', () => {
    const { logger, lines } = capturingLogger();
    let clock = 0;
    const outage = createOutageLog(logger, {
      message: 'the database is unreachable',
      recoveredMessage: 'the database answers again',
      everyMs: 30_000,
      now: () => clock,
    });

    for (let index = 0; index < 1_000; index += 1) {
      outage.failed(new Error('ECONNREFUSED'));
      clock += 10;
    }
    clock = 30_000;
    outage.failed(new Error('ECONNREFUSED'));
    outage.recovered();

    expect(
      lines.map(({ level, msg, failuresSinceLastLine, failures }) => ({ level, msg, failuresSinceLastLine, failures })),
    ).toEqual([
      { level: 40, msg: 'the database is unreachable', failuresSinceLastLine: undefined, failures: undefined },
      { level: 40, msg: 'the database is unreachable', failuresSinceLastLine: 999, failures: undefined },
      { level: 30, msg: 'the database answers again', failuresSinceLastLine: undefined, failures: 1_001 },
    ]);
  });

  test('logs the first failure of the next outage at once, and nothing on recovery without failures', () => {
    const { logger, lines } = capturingLogger();
    const outage = createOutageLog(logger, { message: 'down', recoveredMessage: 'up', now: () => 0 });

    outage.recovered();
    outage.failed(new Error('first'));
    outage.recovered();
    outage.failed(new Error('second'));

    expect(lines.map((line) => line.msg)).toEqual(['down', 'up', 'down']);
  });
});

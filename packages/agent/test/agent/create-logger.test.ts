import type { Logger } from '@platform/datasource-toolkit';
import { createLogger, formatLogLine } from '../../src/logger/create-logger';

describe('createLogger', () => {
  test('passes messages at or above the level to the custom logger', () => {
    const custom = jest.fn<void, Parameters<Logger>>();
    const logger = createLogger(custom, 'Warn');
    const error = new Error('boom');

    logger('Info', 'ignored');
    logger('Warn', 'careful');
    logger('Error', 'failed', error);

    expect(custom.mock.calls).toEqual([
      ['Warn', 'careful', undefined],
      ['Error', 'failed', error],
    ]);
  });

  test('writes Info to stdout and Error to stderr by default, one line each', () => {
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const logger = createLogger(undefined, 'Debug');

    logger('Info', 'hello');
    logger('Error', 'bad');

    expect(stdout).toHaveBeenCalledWith(expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z \[Info\] hello\n$/));
    expect(stderr).toHaveBeenCalledWith(expect.stringMatching(/\[Error\] bad\n$/));
    stdout.mockRestore();
    stderr.mockRestore();
  });

  test('filters Debug out at the default Info level', () => {
    const custom = jest.fn();

    createLogger(custom, 'Info')('Debug', 'noise');

    expect(custom).not.toHaveBeenCalled();
  });
});

describe('formatLogLine', () => {
  test('puts the timestamp and level first and the stack after', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at here';

    const line = formatLogLine('Error', 'failed', error, new Date('2026-01-02T03:04:05.000Z'));

    expect(line).toBe('2026-01-02T03:04:05.000Z [Error] failed\nError: boom\n    at here');
  });
});

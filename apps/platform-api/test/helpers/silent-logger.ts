import pino, { type Logger } from 'pino';

/** A pino logger that writes nothing, for a server or service whose logs the test does not read. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/**
 * A logger that drops every message, for an agent a test starts (an agent's logger is a function:
 * the `Logger` of `@platform/datasource-toolkit`).
 */
export { silentLogger as silentAgentLogger } from '@platform/tooling/test-helpers';

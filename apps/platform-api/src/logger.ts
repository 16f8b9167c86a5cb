import pino from 'pino';
import type { Config } from './config/config';

/**
 * Credentials that must never reach a log line (request lines carry the request and response
 * headers: src/http/request-logger.ts).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["platform-secret-key"]',
  'req.headers["platform-cli-secret"]',
  'res.headers["set-cookie"]',
];

/** platform-api's structured JSON logger: one line per event, on stdout unless told otherwise. */
export function createLogger(
  config: Pick<Config, 'PLATFORM_LOG_LEVEL'>,
  destination: pino.DestinationStream = pino.destination(1),
): pino.Logger {
  return pino({ name: 'platform-api', level: config.PLATFORM_LOG_LEVEL, redact: REDACTED_PATHS }, destination);
}

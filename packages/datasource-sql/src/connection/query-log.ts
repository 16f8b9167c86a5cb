import type { Logger } from '@platform/datasource-toolkit';
import type { LogEvent } from 'kysely';

const FIRST_WORD = /^\s*(\S+)/;

/**
 * Kysely's `log` option for a pool: each statement that succeeds is logged at `Debug` level with
 * its first keyword and duration (`SQL select: 3.1 ms`), never with its values. Failures are not
 * logged here: they reach the caller as typed errors.
 * @internal
 */
export function queryLog(logger: Logger): (event: LogEvent) => void {
  return (event) => {
    if (event.level !== 'query') return;
    const kind = FIRST_WORD.exec(event.query.sql)?.[1]?.toLowerCase() ?? 'statement';
    logger('Debug', `SQL ${kind}: ${event.queryDurationMillis.toFixed(1)} ms`);
  };
}

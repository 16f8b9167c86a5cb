import { DateTime } from 'luxon';
import type { OffsetSegment } from '../../dialects/sql-flavor';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * The UTC offsets `timezone` uses between `min` and `max`, as consecutive segments. Dialects
 * without time zone data (SQLite; MariaDB without its time zone tables) shift each instant by the
 * offset of its segment, so days, weeks and months follow the caller's calendar across DST
 * changes. Transitions are found by probing weekly, then bisecting to the millisecond.
 * @internal
 */
export function getOffsetSegments(timezone: string, min: Date, max: Date): OffsetSegment[] {
  const offsetAt = (millis: number): number => DateTime.fromMillis(millis, { zone: timezone }).offset;
  const start = min.getTime();
  const end = max.getTime();
  const segments: OffsetSegment[] = [{ offsetMinutes: offsetAt(start) }];
  let previous = start;
  for (let probe = Math.min(start + WEEK_MS, end); previous < end; probe = Math.min(probe + WEEK_MS, end)) {
    if (offsetAt(probe) !== offsetAt(previous)) {
      let low = previous;
      let high = probe;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle) === offsetAt(low)) low = middle;
        else high = middle;
      }
      segments.push({ start: new Date(high), offsetMinutes: offsetAt(high) });
    }
    previous = probe;
  }

  return segments;
}

import { DateTime } from 'luxon';
import { Context, evalExpr } from 'mingo/core';

const UNITS = new Set(['day', 'week', 'month', 'quarter', 'year']);

/**
 * `$dateTrunc` as MongoDB computes it, for the units the data source uses. mingo 7.2 ignores the
 * `timezone` argument (it truncates in UTC: 2026-03-31T22:30Z in Europe/Paris gives March 31, not
 * April 1), so the adapter replaces it with this one. Weeks start on Monday, like the data source
 * asks with `startOfWeek: 'monday'`.
 */
export const dateTruncContext = Context.init({
  expression: {
    $dateTrunc: (obj: unknown, expr: unknown, options: Parameters<typeof evalExpr>[2]) => {
      const args = evalExpr(obj, expr, options) as { date?: unknown; unit?: string; timezone?: string; startOfWeek?: string; binSize?: number };
      if (!(args.date instanceof Date)) return null;
      const unit = String(args.unit);
      if (!UNITS.has(unit) || (args.binSize ?? 1) !== 1 || (unit === 'week' && args.startOfWeek?.toLowerCase() !== 'monday')) {
        throw new Error(`The test adapter's $dateTrunc only supports what the data source sends, not ${JSON.stringify(args)}.`);
      }
      const local = DateTime.fromJSDate(args.date, { zone: args.timezone ?? 'UTC' });

      return local.startOf(unit as 'day').toJSDate();
    },
  },
});

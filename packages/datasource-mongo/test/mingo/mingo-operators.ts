import { DateTime } from 'luxon';
import { Context, evalExpr } from 'mingo/core';
import * as accumulator from 'mingo/operators/accumulator';
import * as expression from 'mingo/operators/expression';
import * as pipeline from 'mingo/operators/pipeline';
import * as projection from 'mingo/operators/projection';
import * as query from 'mingo/operators/query';
import * as window from 'mingo/operators/window';
import { ObjectId } from 'mongodb';

const UNITS = new Set(['day', 'week', 'month', 'quarter', 'year']);

/**
 * Three expression operators where mingo 7.2 departs from MongoDB, replaced for the adapter.
 *
 * `$dateTrunc` as MongoDB computes it, for the units the data source uses. mingo 7.2 ignores the
 * `timezone` argument (it truncates in UTC: 2026-03-31T22:30Z in Europe/Paris gives March 31, not
 * April 1), so the adapter replaces it with this one. Weeks start on Monday, like the data source
 * asks with `startOfWeek: 'monday'`.
 */
export const adapterContext = Context.init({
  accumulator,
  pipeline,
  projection,
  query,
  window,
  // mingo merges a given context under its defaults (the defaults win), so the adapter builds the
  // whole context itself with these two replaced.
  expression: {
    ...expression,
    // mingo's $dateToString refuses the zone name 'UTC', which MongoDB accepts.
    $dateToString: (obj: unknown, expr: unknown, options: Parameters<typeof evalExpr>[2]) => {
      const args = evalExpr(obj, expr, options) as { date?: unknown; format?: string; timezone?: string };
      if (args.format !== '%Y-%m-%d' || !(args.date instanceof Date))
        return expression.$dateToString(obj as Record<string, unknown>, expr, options);

      return DateTime.fromJSDate(args.date, { zone: args.timezone ?? 'UTC' }).toFormat('yyyy-MM-dd');
    },
    // mingo's $toString refuses ObjectIds, which MongoDB writes as their hex string.
    $toString: (obj: unknown, expr: unknown, options: Parameters<typeof evalExpr>[2]) => {
      const value = evalExpr(obj, expr, options);
      if (value === null || value === undefined) return null;
      if (value instanceof ObjectId) return value.toHexString();
      if (value instanceof Date) return value.toISOString();

      return String(value);
    },
    $dateTrunc: (obj: unknown, expr: unknown, options: Parameters<typeof evalExpr>[2]) => {
      const args = evalExpr(obj, expr, options) as {
        date?: unknown;
        unit?: string;
        timezone?: string;
        startOfWeek?: string;
        binSize?: number;
      };
      if (!(args.date instanceof Date)) return null;
      const unit = String(args.unit);
      if (
        !UNITS.has(unit) ||
        (args.binSize ?? 1) !== 1 ||
        (unit === 'week' && args.startOfWeek?.toLowerCase() !== 'monday')
      ) {
        throw new Error(
          `The test adapter's $dateTrunc only supports what the data source sends, not ${JSON.stringify(args)}.`,
        );
      }
      const local = DateTime.fromJSDate(args.date, { zone: args.timezone ?? 'UTC' });

      return local.startOf(unit as 'day').toJSDate();
    },
  },
});

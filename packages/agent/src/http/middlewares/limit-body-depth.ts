import { ValidationError } from '@platform/datasource-toolkit';
import type { RequestHandler } from 'express';

/**
 * Deepest nesting of arrays and objects a request body may have. Bodies are walked by recursive
 * code afterwards (validation, `JSON.stringify` of JSON columns and form values), which a body
 * nested thousands of levels deep would overflow.
 */
export const MAX_BODY_DEPTH = 128;

/**
 * Refuses a parsed body nested deeper than `maxDepth` with a `ValidationError` naming the limit.
 * The walk is iterative, so the check itself cannot overflow the stack.
 */
export function limitBodyDepth(maxDepth = MAX_BODY_DEPTH): RequestHandler {
  return function checkBodyDepth(req, _res, next) {
    if (exceedsDepth(req.body, maxDepth)) {
      next(
        new ValidationError(
          `Invalid request body: arrays and objects nest at most ${maxDepth} levels deep; flatten the value.`,
          { details: { maxDepth } },
        ),
      );
      return;
    }
    next();
  };
}

/** Whether `value` nests arrays and objects more than `maxDepth` levels deep. */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return true;
    for (const child of Object.values(next.value)) {
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth });
    }
  }

  return false;
}

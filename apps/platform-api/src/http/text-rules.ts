import type { z } from 'zod';

const NUL = '\u0000';

/**
 * Refuses text holding the NUL character (U+0000), which PostgreSQL cannot store or compare:
 * without this rule such a value would reach the database and fail there as a 500.
 */
export function withoutNul<Schema extends z.ZodString>(schema: Schema, name: string): Schema {
  return schema.refine((value) => !value.includes(NUL), `${name} must not contain the NUL character (U+0000).`);
}

/** True when a raw URL path holds a percent-encoded NUL (`%00`), which no name can contain. */
export function pathHasNul(url: string): boolean {
  const questionMark = url.indexOf('?');
  const path = questionMark === -1 ? url : url.slice(0, questionMark);
  return path.includes('%00');
}

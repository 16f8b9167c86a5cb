import { ValidationError } from '@platform/datasource-toolkit';
import type { z } from 'zod';

/**
 * Parses untrusted input at the edge.
 * @param what names the input in the message (`query`, `body`).
 * @throws ValidationError listing each issue with its path.
 */
export function parseWithZod<Schema extends z.ZodType>(schema: Schema, input: unknown, what: string): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;

  const issues = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });

  throw new ValidationError(`Invalid ${what}: ${issues.join('; ')}.`, {
    details: { issues: parsed.error.issues.map(({ path, message }) => ({ path: path.map(String), message })) },
  });
}

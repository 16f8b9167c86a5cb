import type { z } from 'zod';

/** @internal The 400 body of a `request` the contract schema refuses, worded as platform-api words it. */
export function invalidRequestBody(schema: z.ZodType, request: unknown) {
  const parsed = schema.safeParse(request);
  if (parsed.success) throw new Error('This case of the suite sends a valid body.');
  const issues = parsed.error.issues.map((issue) => ({
    path: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return { code: 'invalid_request', message: `Invalid body: ${summary}`, issues };
}

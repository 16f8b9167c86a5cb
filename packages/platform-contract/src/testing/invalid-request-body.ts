import type { z } from 'zod';
import { invalidRequestBody as bodyOfError } from '../invalid-request';

/** @internal The 400 body of a `request` the contract schema refuses, as platform-api answers it. */
export function invalidRequestBody(schema: z.ZodType, request: unknown) {
  const parsed = schema.safeParse(request);
  if (parsed.success) throw new Error('This case of the suite sends a valid body.');
  return bodyOfError(parsed.error, 'body');
}

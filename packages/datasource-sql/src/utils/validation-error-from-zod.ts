import { ValidationError } from '@platform/datasource-toolkit';
import type { z } from 'zod';

/** One problem found in an input, with the path of the bad field (`port`, `tables.0.name`). */
export interface InputIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * Turns zod issues into a `ValidationError` whose message names every bad field, so the user can
 * fix them all at once. The issues are kept as `details.issues`.
 * @internal
 */
export function validationErrorFromZod(subject: string, error: z.ZodError): ValidationError {
  const issues: InputIssue[] = error.issues.map((issue) => ({
    path: issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const list = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');

  return new ValidationError(`Invalid ${subject}: ${list}.`, { details: { issues } });
}

import type { Response } from 'express';
import type { z } from 'zod';

/** The sandbox's error body, as platform-api answers: `{ code, message }`. */
export function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message });
}

export function describeIssues(error: z.ZodError): string {
  const problems = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);

  return `Invalid request: ${problems.join('; ')}.`;
}

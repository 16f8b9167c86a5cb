import type { Request } from 'express';

/** A named path parameter as a string (handlers typed apart from their path see `string | string[]`). */
export function getParam(req: Request, name: string): string {
  const value: unknown = req.params[name];

  return typeof value === 'string' ? value : '';
}

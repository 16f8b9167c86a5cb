import type { Request } from 'express';
import { ValidationError } from '../../errors';

/**
 * The query string as flat `name → value` pairs, read from the raw URL. Express's own parser is
 * bypassed on purpose: parameter names such as `createdAt.lt` must stay literal whatever query
 * parser the app is configured with, and a repeated parameter is refused rather than turned into
 * an array.
 */
export function readQuery(req: Request): Record<string, string> {
  const questionMark = req.originalUrl.indexOf('?');
  const search = questionMark === -1 ? '' : req.originalUrl.slice(questionMark + 1);
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (Object.hasOwn(query, name)) {
      const message = `The query parameter ${name} is given more than once; give it once.`;
      throw new ValidationError(message, [{ path: `query.${name}`, message }]);
    }
    query[name] = value;
  }
  return query;
}

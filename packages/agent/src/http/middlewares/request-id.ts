import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

const HEADER = 'X-Request-Id';
// A client-sent id is echoed only when it is short and printable, so it is safe in logs and headers.
const SAFE_ID = /^[\w.:@/+=-]{1,200}$/;

/** Echoes the `X-Request-Id` header back, or generates one when it is absent or unsafe. */
export function requestId(): RequestHandler {
  return function setRequestId(req, res, next) {
    const given = req.get(HEADER);
    const id = given !== undefined && SAFE_ID.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.setHeader(HEADER, id);
    next();
  };
}

/** The id `requestId()` gave this response. */
export function getRequestId(res: Response): string | undefined {
  const id: unknown = res.locals.requestId;

  return typeof id === 'string' ? id : undefined;
}

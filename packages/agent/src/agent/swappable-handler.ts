import type { RequestHandler } from 'express';

/** A request handler whose target can be replaced while the server keeps listening. */
export interface SwappableHandler {
  /** Mount this once: it delegates each request to the current target, or to `next` before any. */
  readonly handle: RequestHandler;
  /** Makes `target` serve every request that arrives from now on. */
  swap(target: RequestHandler | undefined): void;
}

/**
 * `restart()` builds a new router and swaps it in; a request already in the old router finishes
 * there, because the target is read once, when the request arrives.
 */
export function createSwappableHandler(): SwappableHandler {
  let current: RequestHandler | undefined;

  return {
    handle(request, response, next) {
      const target = current;
      if (target === undefined) {
        next();
        return;
      }
      target(request, response, next);
    },
    swap(target) {
      current = target;
    },
  };
}

/** A handler that tries `first`, then `second` when `first` passes the request on. */
export function chainHandlers(first: RequestHandler, second: RequestHandler): RequestHandler {
  return (request, response, next) => {
    first(request, response, (error?: unknown) =>
      error === undefined ? second(request, response, next) : next(error),
    );
  };
}

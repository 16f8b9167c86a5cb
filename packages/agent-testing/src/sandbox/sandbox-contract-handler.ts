import { AGENT_API_PREFIX, agentContract, type ContractRouteName } from '@platform/platform-contract';
import type express from 'express';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { SandboxEnvironment } from './sandbox-environment';
import { sendError, sendValidationError } from './sandbox-errors';

type Body<Name extends ContractRouteName> = (typeof agentContract)[Name]['request'] extends z.ZodType
  ? z.output<(typeof agentContract)[Name]['request']>
  : undefined;
type Answer<Name extends ContractRouteName> = (typeof agentContract)[Name]['response'] extends z.ZodType
  ? z.input<(typeof agentContract)[Name]['response']>
  : undefined;

/** A refusal of a body before the contract schema parses it: status, error code, message. */
export interface EarlyRefusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

export interface HandleOptions {
  /** Looks at the raw body first, for a refusal more precise than `invalid_request`. */
  readonly refuseEarly?: (body: unknown) => EarlyRefusal | undefined;
}

/**
 * @internal Serves the contract route `name` on `router` (mounted at AGENT_API_PREFIX, behind the
 * secret): counts the request, validates the body with the contract's schema, applies a test's
 * `overrideResponse`, then answers what `handler` returns with the route's success status.
 */
export function handle<Name extends ContractRouteName>(
  router: express.Router,
  name: Name,
  handler: (
    environment: SandboxEnvironment,
    body: Body<Name>,
    res: Response,
    // biome-ignore lint/suspicious/noConfusingVoidType: the handlers of 204 routes and of errors return nothing.
  ) => Answer<Name> | void | Promise<Answer<Name> | void>,
  options: HandleOptions = {},
): void {
  const route = agentContract[name];
  const method = route.method === 'GET' ? 'get' : route.method === 'POST' ? 'post' : 'put';
  router[method](local(route.path), async (req: Request, res: Response) => {
    const environment = environmentOf(res);
    environment.countRequest(name);
    let body: unknown;
    if (route.request !== null) {
      const early = options.refuseEarly?.(req.body);
      if (early !== undefined) return sendError(res, early.status, early.code, early.message);
      const parsed = route.request.safeParse(req.body);
      if (!parsed.success) return sendValidationError(res, parsed.error);
      body = parsed.data;
    }
    const override = environment.getOverride(name);
    if (override !== undefined) return void res.status(200).json(override.body);

    const answer = await handler(environment, body as Body<Name>, res);
    if (res.headersSent) return;
    if (route.response === null) return void res.status(204).end();
    res.status(200).json(answer);
  });
}

/** @internal The environment the secret middleware found for this request. */
export function environmentOf(res: Response): SandboxEnvironment {
  return res.locals.environment as SandboxEnvironment;
}

/** @internal Path of a contract route relative to the router's mount point, AGENT_API_PREFIX. */
export function local(path: string): string {
  return path.slice(AGENT_API_PREFIX.length);
}

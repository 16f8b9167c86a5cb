import { parseWithZod } from '@platform/datasource-toolkit';
import { AUTHORIZE_PATH, type EnvironmentInfo, type PlatformUser } from '@platform/platform-contract';
import express, { type Request, type Router } from 'express';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { PlatformUnavailableError } from '../../platform/platform-errors';
import { signSignInState, verifySignInState } from './sign-in-state';

/** Lifetime of the user tokens the agent signs after a sign-in. */
export const AGENT_TOKEN_LIFETIME_SECONDS = 60 * 60;

/** What the authentication routes need from the platform client. */
export interface AuthenticationDependencies {
  readonly serverUrl: string;
  /** The environment, once the platform answered (its id and the agent's public URL). */
  readonly getEnvironment: () => EnvironmentInfo | undefined;
  /** Trades the code of the authorize redirect for the user. @throws AuthenticationError, PlatformUnavailableError */
  readonly exchangeCode: (code: string, redirectUri: string) => Promise<PlatformUser>;
}

const startSchema = z.object({ redirectTo: z.string().max(2048).optional() });
const callbackSchema = z.object({
  code: z.string({ error: 'expected the code the platform sent' }).min(1).max(512),
  state: z.string({ error: 'expected the state of the sign-in' }).min(1).max(4096),
});

/**
 * `GET|POST <prefix>/authentication` answers `{ authorizationUrl }`, the platform's sign-in page
 * for this environment; the platform sends the browser back to `<prefix>/authentication/callback`
 * with a code, which the agent trades for the user and answers `{ token, tokenData }`: a user
 * token signed HS256 with `authSecret`, valid one hour, carrying the caller claims.
 */
export function registerAuthenticationRoutes(
  router: Router,
  options: { prefix: string; authSecret: string },
  deps: AuthenticationDependencies,
): void {
  const requireEnvironment = (): EnvironmentInfo => {
    const environment = deps.getEnvironment();
    if (environment === undefined) {
      throw new PlatformUnavailableError('The agent has not reached the platform yet: sign-in is unavailable.');
    }
    return environment;
  };
  const callbackUri = (req: Request, environment: EnvironmentInfo): string => {
    const agentUrl = environment.agentUrl ?? `${req.protocol}://${req.get('host')}`;
    return `${agentUrl}${options.prefix === '/' ? '' : options.prefix}/authentication/callback`;
  };

  const start: express.RequestHandler = (req, res) => {
    const input = req.method === 'POST' && req.body !== undefined ? { ...req.query, ...req.body } : req.query;
    const { redirectTo } = parseWithZod(startSchema, input, 'query');
    const environment = requireEnvironment();
    const redirectUri = callbackUri(req, environment);
    const authorizationUrl = new URL(`${deps.serverUrl}${AUTHORIZE_PATH}`);
    authorizationUrl.searchParams.set('environmentId', String(environment.id));
    authorizationUrl.searchParams.set('redirectUri', redirectUri);
    authorizationUrl.searchParams.set('state', signSignInState(options.authSecret, { redirectUri, redirectTo }));

    res.json({ authorizationUrl: authorizationUrl.toString() });
  };
  router.get('/authentication', start);
  router.post('/authentication', express.json({ limit: '16kb' }), start);

  router.get('/authentication/callback', async (req, res) => {
    const { code, state } = parseWithZod(callbackSchema, req.query, 'query');
    const { redirectUri, redirectTo } = verifySignInState(options.authSecret, state);
    const environment = requireEnvironment();
    const user = await deps.exchangeCode(code, redirectUri);

    const now = Math.floor(Date.now() / 1000);
    const tokenData = {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      team: user.team,
      role: user.role,
      tags: user.tags,
      renderingId: user.renderingId,
      environmentId: environment.id,
      projectId: environment.projectId,
      iat: now,
      exp: now + AGENT_TOKEN_LIFETIME_SECONDS,
    };
    const token = await new SignJWT(tokenData)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(options.authSecret));

    res.json({ token, tokenData, ...(redirectTo !== undefined && { redirectTo }) });
  });
}

import {
  describeRequestIssues,
  mcpAuthorizeQuerySchema,
  mcpScopeStringSchema,
  requestIssuesFromZod,
} from '@platform/platform-contract';
import type { RequestHandler, Response } from 'express';
import type { SandboxMcpClients } from './sandbox-mcp-clients';
import type { SandboxMcpCodes } from './sandbox-mcp-codes';
import type { SandboxState } from './sandbox-routes';
import { refuseSignIn } from './sandbox-sign-in-page';

const PAGE_TITLE = 'Cannot authorize the MCP client';

/** What must hold before the redirect URI can be trusted with an error. */
const redirectTargetSchema = mcpAuthorizeQuerySchema.pick({ environmentId: true, clientId: true, redirectUri: true });

/**
 * `GET /mcp-auth/authorize`: the platform's page where a user signs in and approves an MCP client,
 * without the page. Until the client and its exact redirect URI are known, a refusal is an HTML
 * error page (never a redirect: the URI may be an attacker's); after that, the client gets
 * `error`, `error_description` and `state` on its redirect URI. An acceptable request is approved
 * at once as the environment's `mcpUser` (or denied, after `setMcpConsent('deny')`).
 */
export function mcpAuthorizePage(
  state: Pick<SandboxState, 'environments'>,
  clients: SandboxMcpClients,
  codes: SandboxMcpCodes,
): RequestHandler {
  return (req, res) => {
    const target = redirectTargetSchema.safeParse(req.query);
    if (!target.success) {
      return refuse(
        res,
        400,
        'The authorization link is incomplete: it needs environmentId, clientId and redirectUri.',
      );
    }
    const { environmentId, clientId, redirectUri } = target.data;
    const environment = [...state.environments.values()].find((candidate) => candidate.id === environmentId);
    if (environment === undefined) return refuse(res, 400, `No environment with id ${environmentId}.`);
    if (environment.agentUrl === null) {
      return refuse(
        res,
        400,
        `Environment ${environment.name} has no agent URL yet; give it one with sandbox.addEnvironment({ agentUrl }).`,
      );
    }
    const client = clients.get(clientId);
    if (client === undefined) return refuse(res, 400, `No MCP client ${clientId} is registered.`);
    if (!client.redirectUris.includes(redirectUri)) {
      return refuse(res, 400, `The redirect URI is not one that the client ${client.clientName} registered.`);
    }

    const clientState = typeof req.query.state === 'string' ? req.query.state : undefined;
    const back = (params: Record<string, string>) => redirectBack(res, redirectUri, { ...params, state: clientState });
    const query = mcpAuthorizeQuerySchema.safeParse(req.query);
    if (!query.success) {
      const detail = describeRequestIssues(requestIssuesFromZod(query.error));
      return back({ error: 'invalid_request', error_description: detail });
    }
    const scopes = mcpScopeStringSchema.safeParse(query.data.scope);
    const beyond = scopes.success ? scopes.data.filter((scope) => !client.scopes.includes(scope)) : [];
    if (!scopes.success || scopes.data.length === 0 || beyond.length > 0) {
      return back({ error: 'invalid_scope', error_description: `Ask for some of ${client.scopes.join(' ')} only.` });
    }
    // The resource is bound to the code, not compared with the agent URL: the MCP server may have
    // a listener or a public URL of its own, and the agent checks that the resource names it.
    // No login form and no consent page: the sandbox answers for its test user.
    const user = environment.mcpUser;
    if (user === undefined) {
      return refuse(res, 403, `You have no access to environment ${environment.name}: the sandbox has no user.`);
    }
    if (environment.mcpConsent === 'deny') {
      return back({ error: 'access_denied', error_description: 'The user denied the client access.' });
    }

    const code = codes.issue({
      environment,
      clientId,
      userId: user.id,
      redirectUri,
      codeChallenge: query.data.codeChallenge,
      scopes: scopes.data,
      resource: query.data.resource,
    });
    back({ code });
  };
}

function refuse(res: Response, status: 400 | 403, message: string): void {
  refuseSignIn(res, status, message, PAGE_TITLE);
}

function redirectBack(res: Response, redirectUri: string, params: Record<string, string | undefined>): void {
  const location = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) location.searchParams.set(name, value);
  }
  res.set('Cache-Control', 'no-store').redirect(303, location.toString());
}

import { platformUserSchema, SECRET_HEADER } from '@platform/platform-contract';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { type PermissionsOverride, TESTING_PATH } from '../sandbox/testing-routes';
import { userClaims } from '../sandbox/user-claims';
import { readError } from './agent-http';
import { UnauthorizedError } from './agent-test-client-errors';

/** Lifetime of the tokens the client signs: the agent's own sign-in gives one hour too. */
const TOKEN_LIFETIME_SECONDS = 60 * 60;
/** A token is signed again this long before it expires. */
const TOKEN_MARGIN_SECONDS = 60;

const sessionSchema = z.object({
  environmentId: z.number().int(),
  projectId: z.number().int(),
  user: platformUserSchema.nullable(),
});

/**
 * The client's side of a sandbox, reached over its test-only HTTP routes (`/__testing`) with the
 * environment secret: who the current user is, and the permission overrides.
 *
 * Tokens are the agent's own (HS256, signed with `agentPlatformAuthSecret`, one hour), for the
 * sandbox's current user, read before every call: `setCurrentUser` on the sandbox object applies
 * to the next call too. A token is reused while the user is unchanged.
 */
export class SandboxSession {
  private readonly key: Uint8Array;
  private cached: { readonly subject: string; readonly token: string; readonly exp: number } | undefined;

  constructor(
    private readonly serverUrl: string,
    private readonly envSecret: string,
    authSecret: string,
  ) {
    this.key = new TextEncoder().encode(authSecret);
  }

  /** A token for the sandbox's current user. @throws AgentTestClientError naming `collection` */
  async token(collection: string | undefined): Promise<string> {
    const session = sessionSchema.parse(await this.call('GET', '/session', undefined, collection));
    if (session.user === null) {
      throw new UnauthorizedError('The sandbox environment has no current user to sign a token for.', {
        status: 401,
        collection,
        request: `GET ${TESTING_PATH}/session`,
      });
    }
    const now = Math.floor(Date.now() / 1000);
    const claims = userClaims(session.user, { id: session.environmentId, projectId: session.projectId });
    const subject = JSON.stringify(claims);
    if (this.cached?.subject === subject && this.cached.exp - TOKEN_MARGIN_SECONDS > now) return this.cached.token;

    const exp = now + TOKEN_LIFETIME_SECONDS;
    const token = await new SignJWT({ ...claims, iat: now, exp }).setProtectedHeader({ alg: 'HS256' }).sign(this.key);
    this.cached = { subject, token, exp };

    return token;
  }

  /** Makes user `userId` of the environment the one the next calls run as. */
  async setCurrentUser(userId: number): Promise<void> {
    await this.call('PUT', '/current-user', { userId }, undefined);
  }

  /** Changes the current user's role; resolves once the connected agents fetched it. */
  async overridePermissions(override: PermissionsOverride): Promise<void> {
    const collections = Object.keys(override.collections ?? {});
    await this.call('PUT', '/permissions', override, collections.length === 1 ? collections[0] : undefined);
  }

  private async call(method: 'GET' | 'PUT', path: string, body: unknown, collection: string | undefined) {
    const url = `${this.serverUrl}${TESTING_PATH}${path}`;
    const response = await fetch(url, {
      method,
      headers: { [SECRET_HEADER]: this.envSecret, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw await readError(response, `${method} ${TESTING_PATH}${path} (sandbox)`, collection);

    return response.status === 204 ? undefined : response.json();
  }
}

import * as oidc from 'openid-client';
import type { Config } from '../config/config';
import type { AppContext } from '../context';
import { AuthenticationError, ForbiddenError, NotFoundError } from '../errors';
import { type CreatedSession, createSession } from './sessions-service';
import { toUserView, type UserView } from './user-view';
import { findUserByEmail } from './users-service';

/**
 * SSO sign-in with OpenID Connect (authorization code + PKCE + state + nonce) through
 * `openid-client`, against PLATFORM_OIDC_ISSUER. The provider vouches for an email; the user with
 * that email must already exist here (created by an admin, possibly SSO-only).
 */

/** What the browser keeps between the start and the callback (an HttpOnly cookie). */
export interface OidcTransaction {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** Same-origin path to land on after signing in. */
  readonly next: string;
}

export interface OidcLoginResult extends CreatedSession {
  readonly user: UserView;
}

/** The provider's discovery document could not be fetched or was not valid. */
export class OidcProviderUnavailableError extends Error {
  override readonly name: string = 'OidcProviderUnavailableError';
}

export const OIDC_CALLBACK_PATH = '/auth/oidc/callback';

interface OidcSettings {
  readonly issuer: URL;
  readonly clientId: string;
  readonly clientSecret: string;
}

export function isOidcConfigured(config: Config): boolean {
  return readSettings(config) !== undefined;
}

function readSettings(config: Config): OidcSettings | undefined {
  const { PLATFORM_OIDC_ISSUER: issuer, PLATFORM_OIDC_CLIENT_ID: clientId } = config;
  if (!issuer || !clientId || !config.PLATFORM_OIDC_CLIENT_SECRET) return undefined;
  return { issuer: new URL(issuer), clientId, clientSecret: config.PLATFORM_OIDC_CLIENT_SECRET };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Discovery is one HTTP round trip; its result is reused for the life of the process. */
const configurations = new Map<string, Promise<oidc.Configuration>>();

function configurationFor(context: AppContext): Promise<oidc.Configuration> {
  const settings = readSettings(context.config);
  if (!settings) throw new NotFoundError('SSO is not configured on this server (PLATFORM_OIDC_ISSUER and client).');
  const key = `${settings.issuer.href}|${settings.clientId}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    // Plain HTTP only towards this machine (a provider in development or tests); TLS elsewhere.
    const isInsecureAllowed = settings.issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(settings.issuer.hostname);
    configuration = oidc
      // client_secret_basic: the token endpoint's default authentication method (OIDC Core §9).
      .discovery(settings.issuer, settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
        execute: isInsecureAllowed ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configurations.delete(key);
        throw new OidcProviderUnavailableError('The SSO provider cannot be reached; try again later.', {
          cause: error,
        });
      });
    configurations.set(key, configuration);
  }
  return configuration;
}

function redirectUri(config: Config): string {
  return `${config.publicUrl}${OIDC_CALLBACK_PATH}`;
}

/** The provider's authorization URL to send the browser to, and the transaction to keep. */
export async function startOidcLogin(
  context: AppContext,
  next: string,
): Promise<{ readonly authorizationUrl: URL; readonly transaction: OidcTransaction }> {
  const configuration = await configurationFor(context);
  const transaction: OidcTransaction = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    next,
  };
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(context.config),
    scope: 'openid email profile',
    state: transaction.state,
    nonce: transaction.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl, transaction };
}

/**
 * Checks the provider's answer (`search` is the callback's query string) against the transaction,
 * redeems the code, and opens an SSO session for the user with the verified email. Throws
 * AuthenticationError when the answer is an error, forged, replayed or stale, and ForbiddenError
 * when no user has that email or the provider does not vouch for it.
 */
export async function completeOidcLogin(
  context: AppContext,
  search: string,
  transaction: OidcTransaction,
): Promise<OidcLoginResult> {
  const configuration = await configurationFor(context);
  const email = await redeem(configuration, new URL(`${redirectUri(context.config)}${search}`), transaction);
  const user = await findUserByEmail(context, email);
  if (!user) throw new ForbiddenError(`No account uses ${email}; ask an administrator to add you.`);
  const created = await createSession(context, { userId: user.id, isSso: true });
  return { ...created, user: toUserView(user) };
}

async function redeem(configuration: oidc.Configuration, callbackUrl: URL, transaction: OidcTransaction) {
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: transaction.codeVerifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    claims = { ...idToken };
    // Providers may keep scope claims for the UserInfo endpoint (oidc-provider does by default).
    if (typeof claims.email !== 'string') {
      claims = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)) };
    }
  } catch (error) {
    throw new AuthenticationError('SSO sign-in failed; start again.', 'invalid', { cause: error });
  }
  if (typeof claims.email !== 'string' || claims.email === '') {
    throw new ForbiddenError('The SSO provider did not share an email address.');
  }
  if (claims.email_verified === false) {
    throw new ForbiddenError(`The SSO provider has not verified ${claims.email}.`);
  }
  return claims.email;
}

import { CLOUD_CLI_CLIENT_ID, CLOUD_PATHS, type DeviceAuthorizationResponse } from '@platform/platform-contract';
import * as oidc from 'openid-client';
import { toLoginError } from './login-errors';

/** What a token response gives the CLI: a fresh pair and when the access token expires. */
export interface TokenSet {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresAt: Date;
  /** The signed-in user's email, when the platform includes it. */
  readonly email?: string;
}

/**
 * The OAuth client of the platform at `platformUrl`: its endpoints come from the contract's
 * paths (no discovery). Plain http is allowed for an http URL only (a local platform).
 */
export function cloudOAuthConfiguration(platformUrl: string): oidc.Configuration {
  const server: oidc.ServerMetadata = {
    issuer: platformUrl,
    device_authorization_endpoint: `${platformUrl}${CLOUD_PATHS.deviceAuthorization}`,
    token_endpoint: `${platformUrl}${CLOUD_PATHS.token}`,
    revocation_endpoint: `${platformUrl}${CLOUD_PATHS.revocation}`,
  };
  const configuration = new oidc.Configuration(server, CLOUD_CLI_CLIENT_ID, undefined, oidc.None());
  if (new URL(platformUrl).protocol === 'http:') oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** Starts a device login (RFC 8628 §3.1): the code the user approves on the platform's page. */
export async function startDeviceLogin(
  platformUrl: string,
  clientLabel: string,
): Promise<DeviceAuthorizationResponse & oidc.DeviceAuthorizationResponse> {
  try {
    const response = await oidc.initiateDeviceAuthorization(cloudOAuthConfiguration(platformUrl), {
      client_label: clientLabel,
    });
    return response as DeviceAuthorizationResponse & oidc.DeviceAuthorizationResponse;
  } catch (error) {
    throw toLoginError(platformUrl, error);
  }
}

/**
 * Polls the token route until the user approves or denies the code, or it expires (openid-client
 * waits `interval` seconds between polls, 5 more after `slow_down`). `signal` cancels.
 */
export async function finishDeviceLogin(
  platformUrl: string,
  device: oidc.DeviceAuthorizationResponse,
  signal?: AbortSignal,
): Promise<TokenSet> {
  const expiry = AbortSignal.timeout(device.expires_in * 1000);
  try {
    const tokens = await oidc.pollDeviceAuthorizationGrant(cloudOAuthConfiguration(platformUrl), device, undefined, {
      signal: signal ? AbortSignal.any([signal, expiry]) : expiry,
    });
    return toTokenSet(tokens);
  } catch (error) {
    throw toLoginError(platformUrl, error, { isExpired: expiry.aborted, isCancelled: signal?.aborted === true });
  }
}

/** Trades the refresh token for a new pair (the platform rotates both). */
export async function refreshLogin(platformUrl: string, refreshToken: string): Promise<TokenSet> {
  try {
    return toTokenSet(await oidc.refreshTokenGrant(cloudOAuthConfiguration(platformUrl), refreshToken));
  } catch (error) {
    throw toLoginError(platformUrl, error);
  }
}

/** Revokes the login of `token` on the platform (RFC 7009). */
export async function revokeLogin(platformUrl: string, token: string): Promise<void> {
  try {
    await oidc.tokenRevocation(cloudOAuthConfiguration(platformUrl), token);
  } catch (error) {
    throw toLoginError(platformUrl, error);
  }
}

function toTokenSet(tokens: oidc.TokenEndpointResponse): TokenSet {
  if (!tokens.refresh_token || tokens.expires_in === undefined) {
    throw new Error('The platform answered a token without refresh_token or expires_in.');
  }
  const email = typeof tokens.email === 'string' ? tokens.email : undefined;
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
    ...(email === undefined ? {} : { email }),
  };
}

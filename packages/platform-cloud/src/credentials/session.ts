import { refreshLogin, type TokenSet } from '../auth/cloud-oauth';
import { NotLoggedInError } from '../cli/cli-errors';
import type { CliIo } from '../cli/cli-io';
import { resolvePlatformUrl } from '../platform/platform-url';
import { type Credentials, readCredentials, writeCredentials } from './credentials-file';
import { credentialsPath } from './credentials-path';

/** An access token expiring sooner than this is refreshed before it is used. */
const REFRESH_MARGIN_MS = 60_000;

/** The stored login and the platform a command talks to. */
export interface LoginState {
  readonly file: string;
  readonly platformUrl: string;
  readonly credentials: Credentials | undefined;
}

/**
 * Reads the credentials and resolves the platform URL: `--platform-url`, `PLATFORM_URL`, the
 * project's `.env`, the stored login's platform, else the local default.
 */
export async function readLoginState(
  io: CliIo,
  sources: { readonly option?: string; readonly dotenv?: string } = {},
): Promise<LoginState> {
  const file = credentialsPath(io.env);
  const credentials = await readCredentials(file);
  const platformUrl = resolvePlatformUrl({
    option: sources.option,
    environment: io.env.PLATFORM_URL,
    dotenv: sources.dotenv,
    credentials: credentials?.platformUrl,
  });
  return { file, platformUrl, credentials };
}

/** A signed-in user of one platform, with an access token kept fresh. */
export interface Session {
  readonly platformUrl: string;
  readonly email: string | undefined;
  /** A valid access token: refreshed first (and the file rewritten) when it expires within a minute. */
  accessToken(): Promise<string>;
}

/** The session of the stored login. @throws NotLoggedInError without one for this platform. */
export function openSession(state: LoginState): Session {
  const { credentials, platformUrl, file } = state;
  if (!credentials) throw new NotLoggedInError(`not logged in: run platform-cloud login`);
  if (credentials.platformUrl !== platformUrl) {
    throw new NotLoggedInError(
      `logged in to ${credentials.platformUrl}, not to ${platformUrl}: run platform-cloud login --platform-url ${platformUrl}`,
    );
  }
  let current = credentials;
  return {
    platformUrl,
    email: credentials.email,
    async accessToken() {
      if (Date.parse(current.expiresAt) - Date.now() > REFRESH_MARGIN_MS) return current.accessToken;
      current = toCredentials(platformUrl, await refreshLogin(platformUrl, current.refreshToken), current.email);
      await writeCredentials(file, current);
      return current.accessToken;
    },
  };
}

/** What the file stores of a token response; the email of the previous login is kept when the platform gives none. */
export function toCredentials(platformUrl: string, tokens: TokenSet, previousEmail?: string): Credentials {
  const email = tokens.email ?? previousEmail;
  return {
    platformUrl,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt.toISOString(),
    ...(email === undefined ? {} : { email }),
  };
}

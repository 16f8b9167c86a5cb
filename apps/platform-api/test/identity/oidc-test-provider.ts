import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** A real oidc-provider running in a child process (see oidc-provider.mjs). */
export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * Plays the user at the provider from an authorization URL: signs in as `accountId`, consents,
   * and returns the URL the provider redirects the browser back to (the platform's callback).
   * With `abort`, the user cancels the sign-in instead.
   */
  authorize(authorizationUrl: string, accountId: string, options?: { abort?: boolean }): Promise<URL>;
  stop(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const clientId = 'platform-test-client';
  const clientSecret = 'platform-test-secret-0123456789abcdef';
  const child = spawn(process.execPath, [path.join(__dirname, 'oidc-provider.mjs')], {
    env: {
      PATH: process.env.PATH,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: redirectUri,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const issuer = await readIssuer(child, () => stderr);
  const platformOrigin = new URL(redirectUri).origin;

  return {
    issuer,
    clientId,
    clientSecret,
    authorize: (authorizationUrl, accountId, options = {}) =>
      playUser(authorizationUrl, accountId, platformOrigin, options.abort === true),
    stop: () => stopChild(child),
  };
}

function readIssuer(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`oidc-provider did not start:\n${stderr()}`)), 15_000);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`oidc-provider exited with code ${code}:\n${stderr()}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Follows the provider's redirects with a cookie jar, submitting its login and consent forms. */
async function playUser(start: string, accountId: string, platformOrigin: string, abort: boolean): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin === platformOrigin) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page from the provider (${response.status}):\n${page}`);
    if (abort) {
      const abortHref = /href="([^"]*\/abort)"/.exec(page)?.[1];
      if (!abortHref) throw new Error(`no abort link on the provider page:\n${page}`);
      url = new URL(abortHref.replace(/&amp;/g, '&'), url);
      init = { method: 'GET' };
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    const fields: Record<string, string> =
      prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt };
    init = {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('the provider did not redirect back to the platform within 20 steps');
}

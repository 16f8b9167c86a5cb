// A real OpenID Connect provider (oidc-provider) for the SSO tests, run by them as a child
// process: `node oidc-provider.mjs` with OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI.
// It listens on a random loopback port and prints {"issuer": "http://127.0.0.1:<port>"} once ready.
//
// Its development interactions accept any login: the login typed in is the account id, and the
// account's email is that id. Ids starting with "unverified:" have email_verified false; ids
// starting with "noemail" have no email at all.
import http from 'node:http';
import Provider from 'oidc-provider';

const { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI } = process.env;

function claimsOf(accountId) {
  if (accountId.startsWith('noemail')) return { sub: accountId };
  if (accountId.startsWith('unverified:')) {
    return { sub: accountId, email: accountId.slice('unverified:'.length), email_verified: false };
  }
  return { sub: accountId, email: accountId, email_verified: true, name: `Account ${accountId}` };
}

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [OIDC_REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-provider-test-key'] },
    pkce: { required: () => true },
    findAccount: (_ctx, accountId) => ({ accountId, claims: () => claimsOf(accountId) }),
  });
  provider.on('server_error', (_ctx, error) => process.stderr.write(`oidc-provider server_error: ${error.stack}\n`));
  server.on('request', provider.callback());
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));

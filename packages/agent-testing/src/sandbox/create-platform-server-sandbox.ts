import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpClientRegistrationResponse } from '@platform/platform-contract';
import { type MintUserTokenOptions, mintPlatformToken } from './mint-platform-token';
import { answerClientError } from './sandbox-client-error';
import { SandboxEnvironment } from './sandbox-environment';
import { SandboxMcpClients } from './sandbox-mcp-clients';
import { SandboxMcpCodes } from './sandbox-mcp-codes';
import { createSandboxApp, type SandboxState } from './sandbox-routes';
import { SigningKeys } from './signing-keys';

export type { MintUserTokenOptions } from './mint-platform-token';

export interface AddEnvironmentOptions {
  /** 64 hexadecimal characters; a random one when omitted. */
  readonly envSecret?: string;
  /** The agent's public URL: redirect URIs of sign-ins must start with it. */
  readonly agentUrl?: string;
  readonly name?: string;
}

export interface PlatformServerSandboxOptions {
  /**
   * The sandbox's clock (authorization code expiry, minted tokens); the real one by default. A
   * test moves it to expire a code without waiting.
   */
  readonly now?: () => Date;
}

/** A running sandbox. */
export interface PlatformServerSandbox {
  /** `http://127.0.0.1:<port>`: give it to the agent as `serverUrl` (or `PLATFORM_SERVER_URL`). */
  readonly url: string;
  readonly port: number;
  /** Adds an environment; returns its secret (the agent's `envSecret`). */
  addEnvironment(options?: AddEnvironmentOptions): string;
  /** The environment of `envSecret`, to change permissions, users, scopes, and read what the agent sent. */
  environment(envSecret: string): SandboxEnvironment;
  /**
   * A token signed like the platform's workflow and MCP tokens, for `userId` of the environment.
   * An MCP tool's test mints `{ purpose: 'mcp', scope: ['mcp:read'] }` without the OAuth dance.
   */
  mintUserToken(envSecret: string, userId: number, options?: MintUserTokenOptions): Promise<string>;
  /** Every MCP client registered (`POST /mcp-auth/register`), as registration answered. */
  listMcpClients(): McpClientRegistrationResponse[];
  /** Forgets an MCP client: its lookup answers 404 and the token route refuses it (`invalid_client`). */
  revokeMcpClient(clientId: string): void;
  /** Adds a new signing key; the previous stays published until retired. Returns the new kid. */
  rotateSigningKey(): Promise<string>;
  /** Stops publishing a previous key. */
  retireSigningKey(kid: string): void;
  readonly currentKid: string;
  /** Closes the server and every events stream. */
  close(): Promise<void>;
}

/**
 * Starts an in-memory imitation of platform-api's agent-facing contract on `port` (0 picks a
 * free one), listening on 127.0.0.1. Several agents may share it, each with its environment's
 * secret.
 * @example
 * const sandbox = await createPlatformServerSandbox(0);
 * const envSecret = sandbox.addEnvironment({ agentUrl: 'http://127.0.0.1:3351' });
 * const agent = createAgent({ envSecret, serverUrl: sandbox.url, authSecret });
 */
export async function createPlatformServerSandbox(
  port = 0,
  options: PlatformServerSandboxOptions = {},
): Promise<PlatformServerSandbox> {
  const now = options.now ?? (() => new Date());
  const keys = new SigningKeys();
  await keys.rotate();
  const state: SandboxState = {
    environments: new Map(),
    keys,
    streams: new Set(),
    now,
    mcpClients: new SandboxMcpClients(now),
    mcpCodes: new SandboxMcpCodes(now),
  };
  const server = createServer(createSandboxApp(state));
  server.on('clientError', answerClientError);
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const actualPort = (server.address() as AddressInfo).port;
  let nextId = 1;

  const environment = (envSecret: string): SandboxEnvironment => {
    const found = state.environments.get(envSecret);
    if (found === undefined) throw new Error('The sandbox has no environment with this secret.');

    return found;
  };

  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    addEnvironment(options = {}) {
      if (options.envSecret !== undefined && state.environments.has(options.envSecret)) {
        throw new Error('The sandbox already has an environment with this secret.');
      }
      const id = nextId++;
      const created = new SandboxEnvironment({ id, projectId: 1, ...options });
      state.environments.set(created.envSecret, created);

      return created.envSecret;
    },
    environment,
    async mintUserToken(envSecret, userId, options = {}) {
      const env = environment(envSecret);
      return mintPlatformToken(keys, env, env.getUser(userId), now(), options);
    },
    listMcpClients: () => state.mcpClients.list(),
    revokeMcpClient: (clientId) => state.mcpClients.revoke(clientId),
    rotateSigningKey: () => keys.rotate(),
    retireSigningKey: (kid) => keys.retire(kid),
    get currentKid() {
      return keys.currentKid;
    },
    async close() {
      for (const stream of state.streams) stream.destroy();
      const closed = new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      });
      server.closeAllConnections();
      await closed;
    },
  };
}

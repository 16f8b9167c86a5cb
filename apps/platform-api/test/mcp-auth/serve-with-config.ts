import { createApp } from '../../src/app';
import type { Config } from '../../src/config/config';
import { serve } from '../../src/http/serve';
import type { AgentPlatform } from '../agents/agent-platform';

/** The platform's app over the same database, served on another socket with `overrides` in its config. */
export async function serveWithConfig(
  platform: AgentPlatform,
  overrides: Partial<Config>,
): Promise<{ readonly url: string; close(): Promise<void> }> {
  const context = { ...platform.context, config: { ...platform.context.config, ...overrides } };
  const running = await serve(createApp(context), { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1_000 });
  return { url: running.url, close: () => running.close() };
}

import path from 'node:path';
import { createDevelopmentUserToken } from '@platform/agent';
import { z } from 'zod';
import { aiFromEnvironment } from './ai-from-environment';
import { startExample } from './start-example';

const optional = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const environmentSchema = z.object({
  EXAMPLE_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).default(3351),
  ),
  EXAMPLE_DATA_DIR: optional,
  PLATFORM_ENV_SECRET: optional,
  PLATFORM_SERVER_URL: optional,
  // Only for a local try-out: set your own (32 characters or more) for anything else.
  PLATFORM_AUTH_SECRET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(32).default('example-auth-secret-for-local-development-only'),
  ),
  MCP_SERVER_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  OPENAI_API_KEY: optional,
  ANTHROPIC_API_KEY: optional,
  EXAMPLE_AI_MODEL: optional,
});

async function main(): Promise<void> {
  const parsed = environmentSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    console.error(`example: invalid environment: ${problems.join('; ')}`);
    process.exit(2);
  }
  const env = parsed.data;
  const ai = aiFromEnvironment(env);
  const example = await startExample({
    dataDir: env.EXAMPLE_DATA_DIR ?? path.join(__dirname, '..', '.platform-data'),
    port: env.EXAMPLE_PORT,
    host: '127.0.0.1',
    authSecret: env.PLATFORM_AUTH_SECRET,
    envSecret: env.PLATFORM_ENV_SECRET,
    serverUrl: env.PLATFORM_SERVER_URL,
    mcpPort: env.MCP_SERVER_PORT,
    ai,
  });
  const aiLine = ai
    ? `AI features on (${ai.provider}, ${ai.model})`
    : 'AI features off (set OPENAI_API_KEY or ANTHROPIC_API_KEY)';

  if (example.isOffline) {
    const token = await createDevelopmentUserToken({ authSecret: env.PLATFORM_AUTH_SECRET, expiresIn: 8 * 3600 });
    console.log(
      [
        `example agent (offline: no PLATFORM_ENV_SECRET, every request allowed) at ${example.url}`,
        `  try: curl -H "Authorization: Bearer ${token}" ${example.url}/customers`,
        `  MCP server at ${example.mcpUrl}: offline, it takes the token above as a Bearer token (no OAuth sign-in)`,
        `  ${aiLine}`,
        '  to connect it to platform-api, start it with PLATFORM_ENV_SECRET=<the secret `platform-api init` printed>',
      ].join('\n'),
    );
  } else {
    console.log(
      [
        `example agent connected to the platform, at ${example.url}`,
        `  MCP server at ${example.mcpUrl} (MCP clients sign in through the platform)`,
        `  ${aiLine}`,
      ].join('\n'),
    );
  }

  const stop = () => {
    example.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();

// The server of the mcp-list benchmark, in its own process so that its CPU time is its own:
//   node --conditions=@platform/source --require ../lib/register-ts.cjs server.cjs <authSecret> <port>
// An offline agent over platform_bench (createSqlDataSource, workspace sources compiled on the fly
// by swc) with `mountAiMcpServer()` on the agent's own listener (same port: one listener serves
// `/platform/*` and `/mcp`), on 127.0.0.1:<port>. Sends `{ port }` to the parent over IPC.
const { mkdtempSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const [authSecret, port] = process.argv.slice(2);

async function startAgent() {
  const { createAgent } = require('@platform/agent');
  const { createSqlDataSource } = require('@platform/datasource-sql');
  const agent = createAgent({
    authSecret,
    offline: true,
    envSecret: 'ab'.repeat(32),
    isProduction: false,
    schemaPath: path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-mcp-')), '.platform-schema.json'),
    logger: () => undefined,
    host: '127.0.0.1',
    port: Number(port),
  })
    .addDataSource(
      createSqlDataSource(
        {
          dialect: 'postgres',
          host: process.env.PGHOST ?? '127.0.0.1',
          port: Number(process.env.PGPORT ?? 5432),
          database: 'platform_bench',
          username: process.env.PGUSER ?? 'postgres',
          poolSize: 10,
        },
        { include: ['bench_books', 'bench_authors'] },
      ),
    )
    // The agent's port: the MCP server shares its listener instead of opening its own.
    .mountAiMcpServer({ port: Number(port) });
  await agent.start();
  if (agent.mcpServerPort !== agent.standaloneServerPort) throw new Error('The MCP server has a listener of its own.');
  return agent.standaloneServerPort;
}

// A normal exit, which writes the --cpu-prof profile when asked.
process.on('SIGTERM', () => process.exit(0));

startAgent()
  .then((listening) => process.send({ port: listening }))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

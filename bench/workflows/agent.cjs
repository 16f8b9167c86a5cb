// The agent of the workflows benchmark, in its own process: `@platform/agent` over
// `@platform/datasource-sql` on a SQLite file, connected to the platform-api under test.
//   node --conditions=@platform/source --require ../lib/register-ts.cjs agent.cjs <authSecret>
// Env: BENCH_SERVER_URL, BENCH_ENV_SECRET, BENCH_SQLITE. Sends `{ port }` to the parent over IPC.
const path = require('node:path');

async function main() {
  const { createAgent } = require('@platform/agent');
  const { createSqlDataSource } = require('@platform/datasource-sql');
  const agent = createAgent({
    authSecret: process.argv[2],
    envSecret: process.env.BENCH_ENV_SECRET,
    serverUrl: process.env.BENCH_SERVER_URL,
    isProduction: false,
    // Next to the SQLite file, in the directory run.mjs removes at the end.
    schemaPath: path.join(path.dirname(process.env.BENCH_SQLITE), '.platform-schema.json'),
    logger: () => undefined,
    host: '127.0.0.1',
    port: 0,
  }).addDataSource(createSqlDataSource(`sqlite:${process.env.BENCH_SQLITE}`));
  await agent.start();
  process.send({ port: agent.standaloneServerPort });
  process.on('disconnect', () => agent.stop().finally(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

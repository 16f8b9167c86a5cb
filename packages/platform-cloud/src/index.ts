// The public surface of @platform/platform-cloud (spec agent-library §4.5): the types a
// customization project writes against, and `run`, the CLI as a function. Every public name is
// listed here.

// The agent a customization receives, as a type: the hosted agent provides the class.
export type { Agent } from '@platform/agent';
// Inlined into the .d.ts at build time (tsup.config.ts): no MongoDB package is installed with this one.
export type { MongoConnectionParams } from '@platform/datasource-mongo';
export type { SqlConnectionParams } from '@platform/datasource-sql';
export { ExitCode } from './cli/cli-errors';
export type { CliIo } from './cli/cli-io';
export { type RunOptions, run } from './cli/run';

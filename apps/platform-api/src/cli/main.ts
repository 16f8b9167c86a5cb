import { runCli } from './program';

// Entry of dist/cli.cjs (bin/platform-api.cjs). Short-lived commands exit as soon as they are done,
// so a forgotten handle cannot keep the process hanging; `start` keeps running until a signal.
runCli(process.argv.slice(2)).then(
  ({ exitCode, isKeptAlive }) => {
    if (isKeptAlive) process.exitCode = exitCode;
    else process.exit(exitCode);
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

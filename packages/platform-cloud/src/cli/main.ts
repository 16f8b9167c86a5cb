#!/usr/bin/env node
// The `platform-cloud` bin: runs the CLI on the process's arguments, input and output.
import { processIo } from './cli-io';
import { run } from './run';

const interrupt = new AbortController();
// The first Ctrl-C stops `login`'s wait or `logs --follow` cleanly; a second one ends the process.
process.once('SIGINT', () => {
  interrupt.abort();
  process.once('SIGINT', () => process.exit(130));
});

run(process.argv.slice(2), { ...processIo(), signal: interrupt.signal }).then((code) => {
  process.exitCode = code;
});

// Timing one request at a time from a process that makes garbage of its own (fetch, http).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { timed } from './stats.mjs';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

/**
 * Milliseconds `fn` takes, after a young-generation collection: this process's own pauses stay
 * out of the samples of every side alike.
 */
export function timedAfterMinorGc(fn) {
  collectGarbage({ type: 'minor' });
  return timed(fn);
}

// Loaded into platform-api and the example agent by the soak (NODE_OPTIONS=--require): writes this
// process's script and memory to $SOAK_MEMORY_DIR/<pid>.json every second, so that the soak finds
// each server's pid and reads its heap as well as its RSS. `liveHeap` is the heap in use just
// after the last major (mark-compact) collection: what survives, without the garbage that a sample
// taken at any moment also counts. The timer is unref'd: it never keeps a process alive.
const { renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { constants, PerformanceObserver } = require('node:perf_hooks');

const dir = process.env.SOAK_MEMORY_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.json`);
  let liveHeap = null;
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) {
      liveHeap = process.memoryUsage().heapUsed;
    }
  }).observe({ entryTypes: ['gc'] });
  const write = () => {
    const figures = { pid: process.pid, script: process.argv[1], liveHeap, ...process.memoryUsage() };
    // Written beside, then renamed: the soak never reads half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    renameSync(`${file}.tmp`, file);
  };
  write();
  setInterval(write, 1000).unref();
}

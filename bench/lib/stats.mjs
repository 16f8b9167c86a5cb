// Percentiles and paired timings: the statistics every benchmark prints.

/** The value at percentile `p` (0 to 100) of `sorted`, ascending (nearest rank). */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** p50, p99, mean and count of `times` (milliseconds, in any order). */
export function summarise(label, times) {
  const sorted = Float64Array.from(times).sort();
  return {
    label,
    runs: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((sum, time) => sum + time, 0) / sorted.length,
  };
}

/** Milliseconds `fn` takes to settle. */
export async function timed(fn) {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * Times `runs` calls of each side, alternating which goes first so that load from other processes
 * and warmer caches hit both alike, after `warmUp` calls of each (plans, pools, JIT). Resolves to
 * each side's `summarise`.
 */
export async function measurePair(runs, ours, base, { warmUp = Math.min(30, runs) } = {}) {
  for (let i = 0; i < warmUp; i += 1) {
    await ours.fn();
    await base.fn();
  }
  const times = [[], []];
  for (let i = 0; i < runs; i += 1) {
    for (const index of i % 2 === 0 ? [0, 1] : [1, 0]) times[index].push(await timed([ours, base][index].fn));
  }
  return [summarise(ours.label, times[0]), summarise(base.label, times[1])];
}

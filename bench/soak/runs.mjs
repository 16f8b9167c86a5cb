// The workflow runs the soak's webhook calls created: how each ended, read from the public API.
const TERMINAL = new Set(['succeeded', 'failed']);

/**
 * Polls `GET /v1/workflow-runs/:runId` for every run of `runIds` until each has succeeded or
 * failed, or `timeoutMs` passed; resolves the counts.
 */
export async function waitForRuns({ platformUrl, demo }, runIds, { timeoutMs = 120_000, concurrency = 8 } = {}) {
  const status = new Map(runIds.map((runId) => [runId, 'unknown']));
  const headers = { authorization: `Bearer ${demo.token}` };
  const read = async (runId) => {
    const response = await fetch(`${platformUrl}/v1/workflow-runs/${runId}`, { headers });
    if (response.ok) status.set(runId, (await response.json()).status);
  };
  for (const startedAt = Date.now(); Date.now() - startedAt < timeoutMs; ) {
    const pending = [...status].filter(([, value]) => !TERMINAL.has(value)).map(([runId]) => runId);
    if (pending.length === 0) break;
    for (let index = 0; index < pending.length; index += concurrency) {
      await Promise.all(pending.slice(index, index + concurrency).map(read));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const count = (value) => [...status.values()].filter((each) => each === value).length;
  return {
    created: runIds.length,
    succeeded: count('succeeded'),
    failed: count('failed'),
    unfinished: runIds.length - count('succeeded') - count('failed'),
  };
}

// The soak's mixed traffic: each kind of request paced at its own rate, with a bound on how many
// are in flight, so that a slow server shows as requests skipped rather than as a growing queue
// in this process.

// The example's sample database (SAMPLE_SIZES in apps/example/src/sample-data): ids 1 to these.
const SAMPLE_ORDERS = 30_000;
const SAMPLE_CUSTOMERS = 2_000;

/** Requests per second of each kind (`--rate` multiplies them). */
export const RATES = Object.freeze({
  notes: 10,
  webhook: 4,
  'agent list': 6,
  'agent get': 6,
  'agent update': 2,
  'agent CSV': 0.2,
});

/** Counters of one kind: requests answered, errors (anything but the expected status), skipped ticks. */
function newCounters() {
  return { done: 0, errors: 0, skipped: 0, statuses: new Map() };
}

/**
 * The requests of the soak, against the quickstart's servers (`running`, from `startQuickstart`):
 * the notes listing and the sample workflow's webhook on platform-api, and list, get, update and
 * CSV export on the example agent (`agentToken`: a user token it accepts). Runs started by the
 * webhook are collected in `runIds`.
 */
export function soakRequests(running, agentToken) {
  const { platformUrl, agentUrl, demo } = running;
  const platformAuth = { authorization: `Bearer ${demo.token}` };
  const agentAuth = { authorization: `Bearer ${agentToken}` };
  const notesUrl = `${platformUrl}/v1/project/${demo.project}/environment/${demo.environment}/notes?limit=20`;
  let sequence = 0;
  const next = (modulo) => (sequence++ % modulo) + 1;
  const runIds = [];

  return {
    runIds,
    kinds: {
      notes: () => call(notesUrl, { headers: platformAuth }),
      webhook: async () => {
        const response = await call(demo.webhookUrl, {
          method: 'POST',
          headers: { ...platformAuth, 'content-type': 'application/json' },
          body: JSON.stringify({ record_id: String(next(SAMPLE_ORDERS)) }),
          expect: 202,
        });
        if (response.status === 202) runIds.push(JSON.parse(response.text).runId);
        return response;
      },
      'agent list': () => call(`${agentUrl}/orders?page[size]=15&sort=-id`, { headers: agentAuth }),
      'agent get': () => call(`${agentUrl}/orders/${next(SAMPLE_ORDERS)}`, { headers: agentAuth }),
      'agent update': () => {
        const id = next(SAMPLE_CUSTOMERS);
        return call(`${agentUrl}/customers/${id}`, {
          method: 'PUT',
          headers: { ...agentAuth, 'content-type': 'application/json' },
          body: JSON.stringify({ data: { first_name: `Soak ${id}` } }),
        });
      },
      'agent CSV': () => call(`${agentUrl}/customers.csv`, { headers: agentAuth }),
    },
  };
}

/** One request; resolves `{ status, text }`, `status` 0 when the connection failed. */
async function call(url, { expect = 200, ...init }) {
  try {
    const response = await fetch(url, init);
    return { status: response.status, isExpected: response.status === expect, text: await response.text() };
  } catch (error) {
    return { status: 0, isExpected: false, text: String(error) };
  }
}

/**
 * Sends each kind of `kinds` at `rates[kind] * multiplier` a second, at most `maxInFlight` of a
 * kind at once (a tick finding them all busy is counted as skipped). Returns the counters of each
 * kind and `stop()`, which resolves once the requests in flight are answered.
 */
export function startTraffic(kinds, { rates = RATES, multiplier = 1, maxInFlight = 8 } = {}) {
  const counters = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, newCounters()]));
  const inFlight = new Set();
  const timers = Object.entries(kinds).map(([kind, send]) => {
    const counter = counters[kind];
    let busy = 0;
    return setInterval(
      () => {
        if (busy >= maxInFlight) {
          counter.skipped += 1;
          return;
        }
        busy += 1;
        const request = send().then((response) => {
          busy -= 1;
          counter.done += 1;
          if (!response.isExpected) counter.errors += 1;
          counter.statuses.set(response.status, (counter.statuses.get(response.status) ?? 0) + 1);
        });
        inFlight.add(request);
        request.finally(() => inFlight.delete(request));
      },
      1000 / (rates[kind] * multiplier),
    );
  });

  return {
    counters,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

/** Requests answered and errors, over every kind. */
export function totals(counters) {
  const all = Object.values(counters);
  return {
    done: all.reduce((sum, counter) => sum + counter.done, 0),
    errors: all.reduce((sum, counter) => sum + counter.errors, 0),
  };
}

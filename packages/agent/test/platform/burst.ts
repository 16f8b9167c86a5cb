/** What a burst of requests got back. */
export interface BurstResult {
  /** How many responses had each status. */
  readonly statuses: Record<number, number>;
  /** The first response of each status: its error body and `Retry-After` header. */
  readonly samples: Record<number, { readonly body: unknown; readonly retryAfter: string | null }>;
  /** Every `Retry-After` value received. */
  readonly retryAfters: ReadonlyArray<string | null>;
  readonly elapsedMs: number;
}

/** Sends `total` GET requests to `url`, `concurrency` at a time, over real sockets. */
export async function burst(
  url: string,
  headers: Record<string, string>,
  { total = 1_000, concurrency = 50 }: { total?: number; concurrency?: number } = {},
): Promise<BurstResult> {
  const statuses: Record<number, number> = {};
  const samples: Record<number, { body: unknown; retryAfter: string | null }> = {};
  const retryAfters: Array<string | null> = [];
  let sent = 0;
  const started = performance.now();

  const worker = async (): Promise<void> => {
    while (sent < total) {
      sent += 1;
      const response = await fetchOnFreshSocketOnReset(url, headers);
      const body: unknown = await response.json().catch(() => undefined);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      samples[response.status] ??= { body, retryAfter: response.headers.get('retry-after') };
      if (response.status >= 500) retryAfters.push(response.headers.get('retry-after'));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  return { statuses, samples, retryAfters, elapsedMs: performance.now() - started };
}

/**
 * A keep-alive socket the server closed as the client picked it up fails with ECONNRESET (a race of
 * the client, more likely on a loaded machine): sent again once. A server that
 * resets every connection still fails the burst.
 */
async function fetchOnFreshSocketOnReset(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET') throw error;
    return fetch(url, { headers });
  }
}

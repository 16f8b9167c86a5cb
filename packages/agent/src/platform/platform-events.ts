import type { Logger } from '@platform/datasource-toolkit';
import { EVENTS_PATH, PLATFORM_EVENTS, type PlatformEvent, SECRET_HEADER } from '@platform/platform-contract';
import { ExponentialBackoff, halfJitterGenerator, type IBackoff } from 'cockatiel';
import { EventSource } from 'eventsource';

export interface PlatformEventsOptions {
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly logger: Logger;
  /** Called for each event the platform sends. */
  readonly onEvent: (event: PlatformEvent) => void;
  /** Called each time the stream (re)opens: events may have been missed meanwhile. */
  readonly onOpen: () => void;
  /** Called each time the stream fails, with the status the platform answered (a 401 refuses the secret). */
  readonly onFailure?: (failure: { readonly status?: number; readonly message: string }) => void;
  /** First delay before reconnecting (half of it to all of it, at random), doubled after each failure up to `maxDelayMs`. */
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
}

export interface PlatformEvents {
  /** True while the stream is open. */
  readonly isConnected: boolean;
  close(): void;
}

/**
 * Listens to the platform's events stream (server-sent events, with the environment secret).
 * When the stream fails, it is closed and reopened after an exponential back-off with jitter (the library's
 * own reconnection uses a fixed delay); each opening calls `onOpen`, so the caller can flush
 * what it may have missed.
 */
export function openPlatformEvents(options: PlatformEventsOptions): PlatformEvents {
  const { serverUrl, envSecret, logger } = options;
  const minDelayMs = options.minDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  // cockatiel's exponential back-off with half jitter: a fleet of agents does not reconnect in step.
  const firstBackoff = new ExponentialBackoff({
    generator: halfJitterGenerator,
    initialDelay: minDelayMs,
    maxDelay: maxDelayMs,
  });
  let backoff: IBackoff<unknown> | undefined;
  let source: EventSource | undefined;
  let timer: NodeJS.Timeout | undefined;
  let isClosed = false;
  let isConnected = false;
  let hasWarned = false;

  const connect = (): void => {
    timer = undefined;
    const current = new EventSource(`${serverUrl}${EVENTS_PATH}`, {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), [SECRET_HEADER]: envSecret },
        }),
    });
    source = current;
    current.onopen = () => {
      isConnected = true;
      backoff = undefined;
      if (hasWarned) logger('Info', 'The platform events stream is connected again: cached permissions are refreshed.');
      hasWarned = false;
      options.onOpen();
    };
    for (const name of PLATFORM_EVENTS) {
      current.addEventListener(name, () => {
        logger('Debug', `Platform event ${name}.`);
        options.onEvent(name);
      });
    }
    current.onerror = (event) => {
      current.close();
      isConnected = false;
      if (isClosed || source !== current) return;
      options.onFailure?.({ status: event.code, message: event.message ?? 'connection lost' });
      if (!hasWarned) {
        logger(
          'Warn',
          `The platform events stream is down (${event.message ?? 'connection lost'}): reconnecting with back-off; ` +
            'cached permissions are refreshed by age meanwhile.',
        );
        hasWarned = true;
      }
      backoff = backoff ? backoff.next(undefined) : firstBackoff.next();
      timer = setTimeout(connect, backoff.duration);
      timer.unref();
    };
  };
  connect();

  return {
    get isConnected() {
      return isConnected;
    },
    close() {
      isClosed = true;
      isConnected = false;
      if (timer !== undefined) clearTimeout(timer);
      source?.close();
      source = undefined;
    },
  };
}

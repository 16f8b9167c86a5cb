import type { Logger } from 'pino';

export interface ShutdownOnSignalsOptions {
  readonly logger: Logger;
  /** Stops the process's work and releases what it holds (the database client last). */
  readonly stop: () => Promise<void>;
  /** Logged at Info when SIGTERM or SIGINT arrives. */
  readonly stoppingMessage: string;
  /** Logged at Error when `stop` fails. */
  readonly failedMessage: string;
  /** Listens to SIGTERM and SIGINT; default true (tests pass false). */
  readonly handleSignals?: boolean;
}

/**
 * The shutdown of a background command (`worker`, `cloud-runner`): `close()` runs `stop` once,
 * and SIGTERM/SIGINT call it then exit 0 (1 if it fails, or on a second signal while stopping).
 */
export function shutdownOnSignals(options: ShutdownOnSignalsOptions): () => Promise<void> {
  const { logger } = options;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      await options.stop();
    })();
    return closing;
  };
  function onSignal(signal: NodeJS.Signals): void {
    if (closing) process.exit(1);
    logger.info({ signal }, options.stoppingMessage);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, options.failedMessage);
        process.exit(1);
      },
    );
  }
  if (options.handleSignals ?? true) {
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  }
  return close;
}

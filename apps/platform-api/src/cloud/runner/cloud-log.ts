import type { AppContext } from '../../context';
import type { ChildLogLevel } from './child/child-protocol';

/** Lines kept per environment: older ones are deleted as new ones arrive. */
export const LOG_LINES_KEPT = 5_000;
/** Longest message stored; a longer line is cut (a bundle printing a huge object, say). */
export const MAX_LOG_MESSAGE_LENGTH = 8_000;

export interface CloudLogOptions {
  readonly linesKept?: number;
  /** How often buffered lines are written. */
  readonly flushIntervalMs?: number;
}

interface PendingLine {
  readonly environmentId: number;
  readonly level: ChildLogLevel;
  readonly message: string;
  readonly at: Date;
}

/**
 * The hosted agents' log lines, buffered and written in batches to CloudLogLine, keeping the
 * latest `linesKept` of each environment. A database outage drops the batch it hit (the runner
 * logs that), so a chatty agent never makes the runner's memory grow.
 */
export class CloudLog {
  private pending: PendingLine[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly linesKept: number;

  constructor(
    private readonly context: AppContext,
    options: CloudLogOptions = {},
  ) {
    this.linesKept = options.linesKept ?? LOG_LINES_KEPT;
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 250);
    this.timer.unref();
  }

  append(environmentId: number, level: ChildLogLevel, message: string): void {
    const text = message.length > MAX_LOG_MESSAGE_LENGTH ? `${message.slice(0, MAX_LOG_MESSAGE_LENGTH)}…` : message;
    this.pending.push({ environmentId, level, message: text, at: this.context.now() });
    // Past a few batches' worth, the oldest buffered lines would be trimmed anyway.
    if (this.pending.length > this.linesKept * 2) this.pending.splice(0, this.pending.length - this.linesKept);
  }

  /** Writes what is buffered (one batch at a time, in order). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const byEnvironment = new Map<number, PendingLine[]>();
    for (const line of batch) {
      const lines = byEnvironment.get(line.environmentId);
      if (lines) lines.push(line);
      else byEnvironment.set(line.environmentId, [line]);
    }
    for (const [environmentId, lines] of byEnvironment) {
      try {
        await this.write(environmentId, lines);
      } catch (error) {
        this.context.logger.warn(
          { err: error, environmentId, lines: lines.length },
          'cloud runner: log lines not stored',
        );
      }
    }
  }

  /** Adds the lines and trims the environment's oldest in one transaction: a reader never sees more than kept. */
  private async write(environmentId: number, lines: readonly PendingLine[]): Promise<void> {
    await this.context.prisma.$transaction(async (prisma) => {
      await prisma.cloudLogLine.createMany({ data: [...lines] });
      const oldestKept = await prisma.cloudLogLine.findFirst({
        where: { environmentId },
        orderBy: { id: 'desc' },
        skip: this.linesKept - 1,
        select: { id: true },
      });
      if (oldestKept) await prisma.cloudLogLine.deleteMany({ where: { environmentId, id: { lt: oldestKept.id } } });
    });
  }
}

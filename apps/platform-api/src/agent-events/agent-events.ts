import { type PlatformEvent, platformEventSchema } from '@platform/platform-contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import { listenChannel } from '../db/listen-channel';
import type { PrismaClient } from '../generated/prisma/client';

/**
 * Agent events travel through the database's own LISTEN/NOTIFY, so a change made by any process
 * (another instance, the admin CLI) reaches the agents connected to every instance, with no other
 * service to run. On PostgreSQL each instance holds one extra connection that LISTENs; on the
 * embedded PGlite (one process) notifications are delivered in-process by PGlite itself.
 */
const CHANNEL = 'platform_agent_events';

const payloadSchema = z.object({ environmentId: z.number().int(), event: platformEventSchema });

/**
 * Tells the agents of `environmentId`, on every instance, to refresh. Sent through the database:
 * inside a transaction, it is delivered at commit.
 */
export async function publishAgentEvent(
  context: AppContext,
  environmentId: number,
  event: PlatformEvent,
): Promise<void> {
  const payload = JSON.stringify({ environmentId, event });
  await context.prisma.$executeRaw`SELECT pg_notify(${CHANNEL}, ${payload})`;
}

type Listener = (event: PlatformEvent) => void;

interface Subscriber {
  readonly environmentId: number;
  readonly onEvent: Listener;
  /** Ends the subscriber's stream (server shutdown, lost LISTEN connection). */
  readonly onClose: () => void;
}

/** One process's LISTEN connection for one database, and the streams waiting on it. */
class AgentEventHub {
  private readonly subscribers = new Set<Subscriber>();
  private listening: Promise<() => Promise<void>> | undefined;
  private isClosed = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly context: AppContext,
  ) {}

  /** Registers a subscriber once the database listens; returns its unsubscribe function. */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    if (this.isClosed) throw new Error('The server is shutting down.');
    this.listening ??= this.listen().catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    await this.listening;
    if (this.isClosed) throw new Error('The server is shutting down.');
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** Ends every stream and the LISTEN connection. */
  async close(): Promise<void> {
    this.isClosed = true;
    this.endStreams();
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))();
  }

  private endStreams(): void {
    const subscribers = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of subscribers) subscriber.onClose();
  }

  private dispatch(raw: string | undefined): void {
    let parsed: ReturnType<typeof payloadSchema.safeParse>;
    try {
      parsed = payloadSchema.safeParse(JSON.parse(raw ?? ''));
    } catch {
      return;
    }
    if (!parsed.success) return;
    for (const subscriber of this.subscribers) {
      if (subscriber.environmentId === parsed.data.environmentId) subscriber.onEvent(parsed.data.event);
    }
  }

  private listen(): Promise<() => Promise<void>> {
    return listenChannel(this.prisma, CHANNEL, {
      onNotification: (payload) => this.dispatch(payload),
      onLost: (error) => {
        this.context.logger.warn({ err: error }, 'lost the agent events LISTEN connection: closing the event streams');
        // Agents reconnect (and flush their caches); the next subscriber opens a new connection.
        this.listening = undefined;
        this.endStreams();
      },
    });
  }
}

const hubs = new WeakMap<PrismaClient, AgentEventHub>();

/** The event hub of the context's database (one per process and database). */
export function agentEventHub(context: AppContext): AgentEventHub {
  let hub = hubs.get(context.prisma);
  if (!hub) {
    hub = new AgentEventHub(context.prisma, context);
    hubs.set(context.prisma, hub);
  }
  return hub;
}

/** Ends the agents' event streams and the LISTEN connection; server shutdown calls it first. */
export async function closeAgentEvents(context: AppContext): Promise<void> {
  await hubs.get(context.prisma)?.close();
}

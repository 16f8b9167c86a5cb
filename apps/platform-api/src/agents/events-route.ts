import { EVENTS_HEARTBEAT_SECONDS, type PlatformEvent } from '@platform/platform-contract';
import type { Request, Response } from 'express';
import { agentEventHub } from '../agent-events/agent-events';
import type { AppContext } from '../context';
import { authenticatedEnvironment } from './environment-secret-auth';

/**
 * `GET /agent/v1/events`: a server-sent events stream of the environment's refresh events
 * (`event: refresh-…`, `data: {}`), with a `: ping` comment every EVENTS_HEARTBEAT_SECONDS.
 */
export function eventsHandler(context: AppContext) {
  return async function streamEvents(request: Request, response: Response): Promise<void> {
    const environment = authenticatedEnvironment(response);
    let heartbeat: NodeJS.Timeout | undefined;
    const write = (text: string) => {
      if (!response.writableEnded) response.write(text);
    };
    // Subscribed before the headers go out: an event published once the client sees the stream open is never missed.
    const unsubscribe = await agentEventHub(context).subscribe({
      environmentId: environment.id,
      onEvent: (event: PlatformEvent) => write(`event: ${event}\ndata: {}\n\n`),
      onClose: () => {
        clearInterval(heartbeat);
        response.end();
      },
    });
    response.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    response.flushHeaders();
    write(': connected\n\n');
    heartbeat = setInterval(() => write(': ping\n\n'), EVENTS_HEARTBEAT_SECONDS * 1000);
    request.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  };
}

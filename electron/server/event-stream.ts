// The engine's events as server-sent events at GET /api/events. One listener per event on the
// engine, fanned out to every open stream, so a hundred open tabs cost the engine nothing and
// never trip EventEmitter's leak warning; past MAX_STREAMS a new stream is refused with 503.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_NAMES } from '../../shared/bridge.ts';
import type { EngineApi } from '../engine/engine-api.ts';
import { refuse } from './http-api.ts';

export const MAX_STREAMS = 64;
const MAX_UNREAD_BYTES = 1024 * 1024;

export interface EventHub {
  open(req: IncomingMessage, res: ServerResponse): void;
  close(): void;
}

export function eventHub(engineEvents: EngineApi['events']): EventHub {
  const streams = new Set<ServerResponse>();
  const events = engineEvents as unknown as NodeJS.EventEmitter;
  const senders = EVENT_NAMES.map((name) => {
    const send = (data: unknown) => {
      const frame = `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const res of streams) {
        // a client that stops reading would make the server buffer for it forever: drop it instead
        if (res.writableLength > MAX_UNREAD_BYTES) {
          streams.delete(res);
          res.destroy();
        } else res.write(frame);
      }
    };
    events.on(name, send);
    return () => void events.off(name, send);
  });
  return {
    open(req, res) {
      if (streams.size >= MAX_STREAMS) {
        return refuse(res, 'busy', `too many open event streams (${MAX_STREAMS}); close a tab and retry`);
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write(': connected\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
    },
    close() {
      senders.forEach((stop) => stop());
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

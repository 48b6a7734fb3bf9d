// The engine's events as server-sent events at GET /api/events. One listener per event on the
// engine, fanned out to every open stream, so a hundred open tabs cost the engine nothing and
// never trip EventEmitter's leak warning; past MAX_STREAMS a new stream is refused with 503.
// Every stream also gets an `alive` frame at its start and every `heartbeatMs`: a server that
// stops answering without closing its connections (stopped, frozen, its event loop stuck) is
// noticed by the silence (the UI shows its banner), which a stream that merely waits is not.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_NAMES } from '../../shared/bridge.ts';
import type { EngineApi } from '../engine/engine-api.ts';
import { refuse } from './http-api.ts';

export const MAX_STREAMS = 64;
/** How often an open stream hears that the server is alive; CAIRN_HEARTBEAT_MS changes it (tests). */
export const HEARTBEAT_MS = 15_000;
const MAX_UNREAD_BYTES = 1024 * 1024;

export interface EventHub {
  open(req: IncomingMessage, res: ServerResponse): void;
  close(): void;
}

export function eventHub(engineEvents: EngineApi['events'], heartbeatMs = HEARTBEAT_MS): EventHub {
  const streams = new Set<ServerResponse>();
  const alive = `event: alive\ndata: ${JSON.stringify({ every: heartbeatMs })}\n\n`;
  const beat = setInterval(() => {
    for (const res of streams) res.write(alive);
  }, heartbeatMs);
  beat.unref();
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
      res.write(alive);
      streams.add(res);
      req.on('close', () => streams.delete(res));
    },
    close() {
      clearInterval(beat);
      senders.forEach((stop) => stop());
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

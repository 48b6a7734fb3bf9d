// The same `CairnBridge` the desktop preload exposes, spoken over HTTP to `cairn serve`:
// one POST /api/<method> per contract method, derived from the contract table, and the
// engine's events read from the server-sent event stream at /api/events. Both tell `connection`
// whether the server answers.
import { contract, type CairnApi, type MethodName } from '../../shared/contract.ts';
import { EVENT_NAMES, type CairnBridge, type CairnEvents, type EventName } from '../../shared/bridge.ts';
import { CairnError, errorFromBody } from '../../shared/errors.ts';
import { connection } from './connection.ts';

/** How long after the browser gave up on the event stream it is opened again (the browser's own retry is about as slow). */
const REOPEN_MS = 3000;
/** Heartbeats missed before the server counts as not answering. */
const MISSED_BEATS = 3;

function endpoint(path: string): string {
  return new URL(`api/${path}`, document.baseURI).href;
}

async function post(name: MethodName, request: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(endpoint(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request ?? {}),
    });
  } catch (err) {
    connection.lost();
    throw new CairnError('internal', `${name}: the Cairn server did not answer (${(err as Error).message})`);
  }
  connection.answered();
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: reported below */
  }
  if (!res.ok) throw errorFromBody(body, `${name}: HTTP ${res.status} ${text.slice(0, 200)}`);
  if (body === null) throw new CairnError('internal', `${name}: the server's answer is not JSON`);
  return body;
}

/** One EventSource shared by every listener, opened on the first `on()`; while the server is away
 * the browser retries it, and where the browser gives up it is opened again later. */
function eventStream(): CairnBridge['on'] {
  let source: EventSource | null = null;
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const open = () => {
    if (source) return;
    const stream = new EventSource(endpoint('events'));
    source = stream;
    stream.onopen = () => connection.answered();
    // the server says it is alive every `every` ms: a silence of a few beats means it stopped answering
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    stream.addEventListener('alive', (e) => {
      connection.answered();
      clearTimeout(watchdog);
      const every = Number((JSON.parse((e as MessageEvent<string>).data) as { every?: unknown }).every);
      if (every > 0) watchdog = setTimeout(() => connection.lost(), every * MISSED_BEATS);
    });
    stream.onerror = () => {
      clearTimeout(watchdog);
      // CONNECTING: the stream dropped and the browser is retrying, so the server is away;
      // CLOSED: the server answered but refused the stream (too many open), so only open it again later
      if (stream.readyState === EventSource.CONNECTING) connection.lost();
      if (stream.readyState !== EventSource.CLOSED) return;
      source = null;
      setTimeout(open, REOPEN_MS);
    };
    for (const name of EVENT_NAMES) {
      stream.addEventListener(name, (e) => {
        let payload: unknown;
        try {
          payload = JSON.parse((e as MessageEvent<string>).data);
        } catch {
          return;
        }
        for (const l of listeners.get(name) ?? []) (l as (p: unknown) => void)(payload);
      });
    }
  };
  return <E extends EventName>(event: E, listener: (payload: CairnEvents[E]) => void) => {
    open();
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener as (payload: never) => void);
    return () => {
      set.delete(listener as (payload: never) => void);
    };
  };
}

export function httpBridge(): CairnBridge {
  const names = Object.keys(contract) as MethodName[];
  const api = Object.fromEntries(names.map((name) => [name, (request: unknown) => post(name, request)])) as unknown as CairnApi;
  return { ...api, on: eventStream(), desktop: null };
}

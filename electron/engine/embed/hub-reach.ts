// Whether the hub models are downloaded from can be reached now, for the app's first-run offer of
// the recommended model: the configured endpoint's model API is asked for that model's file list
// (what a download asks first), with a short time limit so a screen never waits on a dead network,
// and the answer is kept a while so every screen that asks does not ask the hub again. Offline, the
// answer says why in one line. The endpoint is the process's own (HF_ENDPOINT, else the hub): a
// caller never names the address this fetches, since every web page can reach a local server.
import type { HubReachResponse } from '../../../shared/models.ts';
import { hubEndpoint } from './hub-download.ts';
import { MODEL_CATALOG } from './model-catalog.ts';

export interface HubReachOptions {
  /** The hub or a mirror; the configured one when not given. */
  endpoint?: string;
  /** How long the hub may take to answer. */
  timeoutMs?: number;
  /** How long an answer is kept before the hub is asked again. */
  keepMs?: number;
  /** The clock answers are kept by. */
  now?: () => number;
}

const TIMEOUT_MS = 3000;
const KEEP_MS = 30_000;

export class HubReach {
  private readonly endpoint: string;
  private kept: { at: number; answer: Promise<HubReachResponse> } | null = null;

  constructor(private readonly options: HubReachOptions = {}) {
    this.endpoint = hubEndpoint(options.endpoint);
  }

  /** The kept answer while it is young (or still coming), else a new one. */
  ask(): Promise<HubReachResponse> {
    const now = (this.options.now ?? Date.now)();
    if (!this.kept || now - this.kept.at >= (this.options.keepMs ?? KEEP_MS)) {
      this.kept = { at: now, answer: probe(this.endpoint, MODEL_CATALOG[0]!.id, this.options.timeoutMs ?? TIMEOUT_MS) };
    }
    return this.kept.answer;
  }
}

/** Asks `endpoint` for `model`'s file list; never rejects. */
async function probe(endpoint: string, model: string, timeoutMs: number): Promise<HubReachResponse> {
  const answer = (reason: string | null): HubReachResponse => ({ endpoint, model, reachable: reason === null, reason });
  let host = endpoint;
  try {
    host = new URL(endpoint).host;
    // a page that is not the hub's (a captive portal's sign-in, a proxy's notice) answers 200 too: only JSON counts
    const res = await fetch(`${endpoint}/api/models/${model}/tree/main`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await res.body?.cancel();
    if (res.ok && (res.headers.get('content-type') ?? '').includes('json')) return answer(null);
    if (res.ok || (res.status >= 300 && res.status < 400))
      return answer(`${host} answered with something other than the hub's model list (status ${res.status})`);
    return answer(res.status === 404 ? `${host} has no ${model} (it answered 404)` : `${host} answered ${res.status}`);
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return answer(`${host} did not answer within ${timeoutMs / 1000} s`);
    return answer(`${host} cannot be reached: ${causeOf(err as Error)}`);
  }
}

/** fetch's own message is "fetch failed": the network's reason (getaddrinfo ENOTFOUND …, connect ECONNREFUSED …) is its cause. */
function causeOf(err: Error): string {
  const cause = err.cause as (Error & { code?: string; errors?: Error[] }) | undefined;
  // a refused connection tried on every address the name has is an AggregateError without a message
  const text = cause?.message || cause?.errors?.[0]?.message || cause?.code || err.message;
  return text.replace(/\s+/g, ' ').trim();
}

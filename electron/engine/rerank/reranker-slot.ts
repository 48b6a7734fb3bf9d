// The reranker a process serves: loaded from the setting (a folder, or a hub model already
// downloaded) when the engine loads its models, and asked to order one search at a time. While it
// loads, when it could not be loaded, or when searches queue past a few, a search keeps its fused
// order and says why; a failed load is tried again after a while (the model may have been pulled
// since).
import path from 'node:path';
import type { Parsed } from '../../../shared/dispatch.ts';
import type { RerankStatus, SearchResponse } from '../../../shared/search.ts';
import type { RerankerSetting } from '../config/model-setting.ts';
import { downloadedHubModel } from '../embed/model-catalog.ts';
import { fusedOrder, rerank } from './rerank-stage.ts';
import type { SearchAnswer } from '../search/search.ts';
import type { Reranker } from './cross-encoder.ts';

/** A cross-encoder reads 30 passages in well under a second on a laptop's CPU; past this, waiting included, the fused order stands. */
const RERANK_TIMEOUT_MS = 10_000;
/** Searches waiting for the reranker, beyond the one it orders: more answer in their fused order at once. */
const MAX_WAITING = 2;
/** How long a failed load is left before the next search tries again. */
const RETRY_LOAD_MS = 60_000;

type Loaded = { reranker: Reranker } | { failed: string; at: number };

export class RerankerSlot {
  private loading: Promise<Loaded> | null = null;
  private loaded: Loaded | null = null;
  /** The search being ordered; the next waits for it. */
  private turn: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly setting: RerankerSetting,
    private readonly hubCache: string,
  ) {}

  /** Whether `request` is one the reranker orders: a hybrid search that did not turn it off nor ask for MMR's order. */
  wants(request: Parsed<'search'>): boolean {
    return this.setting !== 'none' && request.mode === 'hybrid' && request.rerank !== false && !request.mmr && request.query.trim() !== '';
  }

  /** `answer` ordered by the reranker and cut to `k`; the fused order, and why, when it cannot. */
  async apply(answer: SearchAnswer, k: number): Promise<SearchResponse> {
    const started = performance.now();
    // a reranker whose thread died is loaded again, as after a failed load
    if (this.loaded && 'reranker' in this.loaded && !this.loaded.reranker.alive()) this.loaded = this.loading = null;
    const loaded = this.loaded;
    const why = (state: RerankStatus['state'], message: string): RerankStatus => ({ model: this.id, state, message, ms: 0, candidates: 0 });
    if (!loaded || ('failed' in loaded && Date.now() - loaded.at >= RETRY_LOAD_MS)) {
      void this.load();
      return fusedOrder(answer, k, why('loading', 'the reranker is loading: this search keeps its fused order'));
    }
    if ('failed' in loaded) return fusedOrder(answer, k, why('failed', loaded.failed));
    if (this.waiting >= MAX_WAITING)
      return fusedOrder(answer, k, why('busy', `${this.waiting} searches are waiting for the reranker: this one keeps its fused order`));
    // the time is counted from here: waiting for the search ahead spends it too
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error(`timed out after ${RERANK_TIMEOUT_MS} ms`)), RERANK_TIMEOUT_MS);
    this.waiting++;
    const run = this.turn.then(() => {
      this.waiting--;
      return rerank(answer, loaded.reranker, k, timeout.signal, started);
    });
    this.turn = run.catch(() => {});
    try {
      return await run;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Loads the reranker (again, after a failure); settles once it is loaded or could not be, never rejects. */
  load(): Promise<void> {
    if (this.setting === 'none') return Promise.resolve();
    this.loading ??= this.open().then(
      (reranker): Loaded => ({ reranker }),
      (err: Error): Loaded => ({ failed: err.message, at: Date.now() }),
    );
    return this.loading.then((loaded) => {
      this.loaded = loaded;
      // a failure is tried again by a later search, not remembered for ever
      if ('failed' in loaded) this.loading = null;
    });
  }

  async dispose(): Promise<void> {
    const loaded = await this.loading;
    if (loaded && 'reranker' in loaded) await loaded.reranker.dispose();
  }

  /** What the answers call the reranker: the hub id, or the folder's name. */
  private get id(): string {
    return this.setting === 'none' ? 'none' : 'hub' in this.setting ? this.setting.hub : path.basename(this.setting.dir);
  }

  private async open(): Promise<Reranker> {
    const setting = this.setting as Exclude<RerankerSetting, 'none'>;
    const { loadReranker } = await import('./worker-reranker.ts');
    if ('dir' in setting) return loadReranker(setting.dir, this.id);
    const dir = downloadedHubModel(this.hubCache, setting.hub);
    if (!dir)
      throw new Error(
        `${setting.hub} is not downloaded yet: \`cairn models pull ${setting.hub}\` where the hub (or the mirror HF_ENDPOINT names) can be reached`,
      );
    return loadReranker(dir, setting.hub);
  }
}

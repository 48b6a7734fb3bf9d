// The reranker a process serves: loaded once, on the first search that would use it, from the
// setting (a folder, or a hub model already downloaded). One that cannot be loaded leaves search
// as it was, and every search it would have reranked says why.
import type { Parsed } from '../../../shared/dispatch.ts';
import type { SearchResponse } from '../../../shared/search.ts';
import { modelSettingText, type RerankerSetting } from '../config/model-setting.ts';
import { downloadedHubModel } from '../embed/model-catalog.ts';
import { rerank } from './rerank-stage.ts';
import type { SearchAnswer } from '../search/search.ts';
import type { Reranker } from './cross-encoder.ts';

export class RerankerSlot {
  private loading: Promise<Reranker | string> | null = null;

  constructor(
    private readonly setting: RerankerSetting,
    private readonly hubCache: string,
  ) {}

  /** Whether `request` is one the reranker orders: a hybrid search that did not turn it off nor ask for MMR's order. */
  wants(request: Parsed<'search'>): boolean {
    return this.setting !== 'none' && request.mode === 'hybrid' && request.rerank !== false && !request.mmr && request.query.trim() !== '';
  }

  /** `answer` ordered by the reranker and cut to `k`; when it could not be loaded, the fused order and why. */
  async apply(answer: SearchAnswer, k: number): Promise<SearchResponse> {
    const loaded = await this.load();
    if (typeof loaded !== 'string') return rerank(answer, loaded, k);
    const { passages: _, ...response } = answer;
    const model = modelSettingText(this.setting);
    return { ...response, results: response.results.slice(0, k), rerank: { model, state: 'failed', message: loaded, ms: 0, candidates: 0 } };
  }

  /** The reranker, or why there is none; loaded once. */
  load(): Promise<Reranker | string> {
    return (this.loading ??= this.open().catch((err: Error) => err.message));
  }

  async dispose(): Promise<void> {
    const loaded = await this.loading;
    if (loaded && typeof loaded !== 'string') await loaded.dispose();
  }

  private async open(): Promise<Reranker | string> {
    if (this.setting === 'none') return 'no reranker is set';
    const { loadCrossEncoder } = await import('./cross-encoder.ts');
    if ('dir' in this.setting) return loadCrossEncoder(this.setting.dir);
    const dir = downloadedHubModel(this.hubCache, this.setting.hub);
    if (!dir)
      return `${this.setting.hub} is not downloaded yet: \`cairn models pull ${this.setting.hub}\` where the hub (or the mirror HF_ENDPOINT names) can be reached`;
    return loadCrossEncoder(dir, this.setting.hub);
  }
}

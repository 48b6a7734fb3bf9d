// What an indexing run derives from the pages once they are written (index-runs.ts): staleness,
// the skill registry, and this server's vectors. Each is recomputed from what the index holds, so
// a crash before it only delays it; a run of a few paths derives only what they can have changed.
import type { IndexProgress, IndexReport } from '../../shared/indexing.ts';
import type { Settings } from './config/settings.ts';
import type { SemanticIndex } from './embed/semantic-index.ts';
import type { Store } from './store/store.ts';
import { once } from './module-once.ts';

export const stalenessModule = once(() => import('./curation/staleness.ts'));
const registryModule = once(() => import('./skills/refresh.ts'));

export class RunDerivations {
  constructor(
    private readonly store: Store,
    private readonly settings: Settings,
    /** This server's semantic index (its model and vectors). */
    private readonly index: SemanticIndex,
  ) {}

  /** The skill registry, derived from the registry files, manifests and decisions (skills/refresh.ts). */
  async registry(): Promise<void> {
    const { gatherRegistry, writeRegistry } = await registryModule();
    const gathered = await gatherRegistry(this.store, this.settings.skills);
    await this.store.write((tx) => writeRegistry(tx, gathered));
  }

  /** Whether indexing these paths can have changed the registry (skills/refresh.ts). */
  async registryMayChange(paths: string[]): Promise<boolean> {
    const { registryMayChange } = await registryModule();
    return registryMayChange(this.store, this.settings.skills, paths);
  }

  /** Derived from pages, links and the disk, so recomputed after every run (a crash before it only
   * delays it): for the pages near the paths of a run and those the age rule reached since, or all
   * (null, a full run: sources outside the wiki change with no write, and are caught up then). */
  async staleness(near: readonly number[] | null): Promise<void> {
    const { agedUnrecorded, findStale, recordStale } = await stalenessModule();
    const now = new Date();
    const { store } = this;
    const scope = near && [...near, ...(await agedUnrecorded(store, now, this.settings.staleAfterDays))];
    if (scope?.length === 0) return;
    const stale = await findStale(store, { now, staleAfterDays: this.settings.staleAfterDays, scope });
    // the records of some pages (a write's) are theirs alone: on a store many servers share, they
    // wait for no other server's index write, only for one recording the same pages
    await store.write((tx) => recordStale(tx, stale, now, scope), scope ? { rows: scope.map((id) => `stale:${id}`) } : {});
  }

  /** `full`: a run of the whole roots, the only kind that may rebuild the adaptive model (SemanticIndex.refresh says why). */
  async semantic(
    changed: boolean,
    at: { last: IndexProgress | null },
    emit: (p: IndexProgress) => void,
    full: boolean,
  ): Promise<Pick<IndexReport, 'model' | 'modelNote' | 'embedded' | 'semanticMs'>> {
    const before = Date.now();
    const out = { model: null as string | null, modelNote: null as string | null, embedded: 0, semanticMs: 0 };
    if (changed || !(await this.index.isCurrent()))
      await this.index.refresh(
        changed,
        (e) => {
          if (!at.last) return;
          at.last = {
            ...at.last,
            phase: e.phase,
            chunksToEmbed: e.phase === 'embed' ? e.total : 0,
            chunksEmbedded: e.phase === 'embed' ? e.done : 0,
            note: e.note,
          };
          if (e.phase === 'embed') out.embedded = e.computed ?? e.done;
          if (e.phase !== 'embed') out.modelNote = e.note;
          emit(at.last);
        },
        full,
      );
    out.model = this.index.embedder?.info.id ?? null;
    out.modelNote ??= this.index.unavailable;
    out.semanticMs = Date.now() - before;
    return out;
  }
}

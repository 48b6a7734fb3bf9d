// Keeps the semantic lane in step with the wiki: which model embeds it, (re)building the
// corpus-adaptive model when the wiki has drifted from it, and embedding the chunks that have
// no vector yet. A model that cannot be loaded or built leaves search on the other lanes.
import fs from 'node:fs';
import type { Store } from '../store/store.ts';
import type { Embedder } from './embedder.ts';
import { downloadedHubModel } from './model-catalog.ts';
import { loadModelDir } from './load-model.ts';
import { VectorStore } from './vector-store.ts';
import type { VectorModel } from '../store/vectors.ts';
import { currentAdaptiveModel, pruneAdaptiveModels, refreshAdaptiveModel } from './adaptive/adaptive-lifecycle.ts';
import { adaptiveBuildFor, shareAdaptiveBuild } from './adaptive/shared-builds.ts';
import type { BuildPhase } from './adaptive/build-adaptive.ts';
import { modelSettingText, parseModelSetting, type ModelSetting } from '../config/model-setting.ts';
import { switchVectors, type SwitchReport } from './model-switch.ts';

export interface EmbedProgress {
  phase: 'model' | 'download' | 'embed';
  done: number;
  total: number;
  /** Embedding phase: how many of the `done` chunks needed the model (the rest came from the cache). */
  computed?: number;
  note: string | null;
}

const BATCH = 256;
/** How long a model follow() could not get is left before it is asked for again. */
const FOLLOW_AGAIN_MS = 60_000;
/** How long a model switched away from is kept for the searches that began with it. */
const RETIRE_MS = 10_000;

const BUILD_STEP: Record<BuildPhase, string> = {
  count: 'building the adaptive model: counting words',
  vectors: 'building the adaptive model: learning word vectors',
  blend: 'building the adaptive model: lending GloVe vectors to rare words',
  write: 'building the adaptive model: writing it',
};

export class SemanticIndex {
  embedder: Embedder | null = null;
  unavailable: string | null = 'the embedding model is not loaded yet';
  /** The last model follow() went for, when, and when it is done. */
  private following: { id: string; at: number; done: Promise<void> } | null = null;
  /** A model named explicitly at start may replace the index's (the one it found then, startRecord) until it has embedded once. */
  private mayOverride: boolean;
  private startRecord: string | null | undefined = undefined;
  /** The index's setting this server tried to take up and could not (tried again only once the index names another)... */
  private cannotAdopt: string | null = null;
  /** ...and why, for the semantic lane to say (search/semantic.ts). */
  cannotAdoptWhy: string | null = null;
  /** The refresh or switch under way: the next waits for it (inTurn). */
  private turn: Promise<unknown> = Promise.resolve();
  readonly vectors: VectorStore;

  constructor(
    private store: Store,
    private setting: ModelSetting,
    /** Where built models live (beside the database) and the shipped general-purpose model. */
    private dirs: { models: string; general: string; hubCache: string },
    /** A database opened read-only: nothing is noted in it. */
    private readOnly = false,
    /** Named on the command line or in the environment: at start it holds over the model the index was switched to. */
    explicit = false,
  ) {
    this.vectors = new VectorStore(store);
    if (setting === 'none') this.unavailable = 'turned off (model: none)';
    this.mayOverride = explicit;
  }

  /** The model setting served: the configured one, or the one a switch moved to. */
  get modelSetting(): ModelSetting {
    return this.setting;
  }

  /** Loads the model the setting names (for adaptive: the last one built for this wiki). */
  async load(): Promise<void> {
    const theirs = await this.theirs();
    if (theirs && (await this.adopt(theirs))) return;
    if (this.setting === 'none') return this.unload('turned off (model: none)');
    if (this.setting === 'adaptive') return this.loadDir((await this.adaptiveDir()) ?? this.dirs.general);
    if ('dir' in this.setting) return this.loadDir(this.setting.dir);
    const dir = downloadedHubModel(this.dirs.hubCache, this.setting.hub);
    if (dir) await this.loadDir(dir);
    else
      this.unload(
        `${this.setting.hub} is not downloaded yet: \`cairn models pull ${this.setting.hub}\` where the hub (or the mirror HF_ENDPOINT names) can be reached`,
      );
  }

  /** Fetches the hub model the setting names, once, reporting progress per file. */
  private async download(id: string, onProgress: (p: EmbedProgress) => void): Promise<void> {
    try {
      await this.loadDir(await this.fetchHub(id, onProgress));
    } catch (err) {
      this.unload((err as Error).message);
    }
  }

  /** Loaded, every chunk has a vector from it, and no drift awaits measuring: nothing for `refresh` to do unless pages changed. */
  async isCurrent(): Promise<boolean> {
    if (this.setting === 'none') return true;
    if (this.setting === 'adaptive' && (await this.driftUnmeasured())) return false;
    return this.embedder !== null && (await this.vectors.model())?.id === this.embedder.info.id && (await this.vectors.countPending()) === 0;
  }

  /**
   * After an indexing run: rebuild the adaptive model if the wiki drifted, then embed new chunks.
   * A run of a few paths (a write, the watcher) passes `mayRebuild` false: it embeds with the model
   * in use and leaves the drift to the next full run (noted in the database, for whichever process
   * runs it). A rebuild takes seconds to a minute and re-embeds every chunk: no one write should
   * pay for it, nor wait while each process sharing the database rebuilds in turn.
   */
  refresh(pagesChanged: boolean, onProgress: (p: EmbedProgress) => void = () => {}, mayRebuild = true): Promise<void> {
    return this.inTurn(() => this.refreshNow(pagesChanged, onProgress, mayRebuild));
  }

  /**
   * Refreshes and switches run one at a time: a refresh begun with the old model would store its
   * vectors over the new table, or load the old model over the new one (a run's semantic phase
   * waits for a switch under way; search does not).
   */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => {});
    return result;
  }

  private async refreshNow(pagesChanged: boolean, onProgress: (p: EmbedProgress) => void, mayRebuild: boolean): Promise<void> {
    // another server switched the index: serve its model if this one can, and never re-embed it back
    const theirs = await this.theirs();
    if (theirs) await this.adopt(theirs);
    const built = await this.adaptiveDir();
    const adaptive = this.setting === 'adaptive';
    if (adaptive && !mayRebuild && pagesChanged) await this.noteDrift(true);
    if (adaptive && mayRebuild && (pagesChanged || !built || (await this.driftUnmeasured()))) await this.maybeRebuild(onProgress);
    else if (adaptive && this.embedder?.info.dir !== (built ?? this.dirs.general)) await this.loadDir(built ?? this.dirs.general);
    else if (!this.embedder && this.setting !== 'none') await this.load();
    if (!this.embedder && typeof this.setting === 'object' && 'hub' in this.setting) await this.download(this.setting.hub, onProgress);
    if (!this.embedder) return;
    await this.embedPending(this.embedder, onProgress);
  }

  /** Rebuilds the adaptive model when the wiki has drifted from it (or has none yet and is big
   * enough to learn from), then serves the newest build — or GloVe while there is none. */
  private async maybeRebuild(onProgress: (p: EmbedProgress) => void): Promise<void> {
    const texts = await this.store.vectors.corpusTexts();
    onProgress({ phase: 'model', done: 0, total: texts.length, note: 'checking the adaptive model against the wiki' });
    let result: Awaited<ReturnType<typeof refreshAdaptiveModel>>;
    try {
      result = await refreshAdaptiveModel(texts, this.dirs.models, {
        generalModelDir: fs.existsSync(this.dirs.general) ? this.dirs.general : undefined,
        // a build takes from seconds to a minute: say which step it is in
        onPhase: (phase) => onProgress({ phase: 'model', done: 0, total: texts.length, note: BUILD_STEP[phase] }),
      });
    } catch (err) {
      if (!this.embedder) await this.loadDir((await this.adaptiveDir()) ?? this.dirs.general);
      onProgress({ phase: 'model', done: 0, total: texts.length, note: `adaptive model not built: ${(err as Error).message}` });
      return;
    }
    await this.noteDrift(false);
    // offered before any vector of it is stored: a server finding them finds the model too
    if (result.dir && !this.readOnly) await shareAdaptiveBuild(this.store, result.dir);
    const dir = result.dir ?? this.dirs.general;
    if (this.embedder?.info.dir !== dir) await this.loadDir(dir);
    if (result.rebuilt && this.embedder?.info.dir === dir) pruneAdaptiveModels(this.dirs.models, dir);
    onProgress({
      phase: 'model',
      done: texts.length,
      total: texts.length,
      note: result.dir ? null : `GloVe serves until the wiki is bigger: ${result.reason}`,
    });
  }

  private async embedPending(embedder: Embedder, onProgress: (p: EmbedProgress) => void, again = true): Promise<void> {
    const model = embedder.info;
    // another server may have switched the index since this run began: its table is not undone;
    // the run's chunks are embedded with its model, when this server has it
    const stored = await this.vectors.model();
    const used = await this.vectors.use({ id: model.id, dim: model.dim, setting: modelSettingText(this.setting) }, this.overrides(stored?.setting ?? null));
    if (used === 'theirs') {
      const theirs = await this.theirs();
      if (again && theirs && (await this.adopt(theirs))) await this.embedPending(this.embedder!, onProgress, false);
      return;
    }
    this.mayOverride = false;
    const total = await this.vectors.countPending();
    let done = 0;
    let computed = 0;
    while (done < total) {
      const batch = await this.vectors.pending(BATCH);
      if (batch.length === 0) break;
      const cached = await this.vectors.cached(
        model.id,
        batch.map((c) => c.hash),
      );
      const missing = batch.filter((c) => !cached.has(c.hash));
      const fresh = missing.length ? await embedder.embed(missing.map((c) => c.text)) : [];
      missing.forEach((c, i) => cached.set(c.hash, fresh[i]!));
      await this.vectors.put(
        model.id,
        batch.map((c) => ({ rowid: c.rowid, hash: c.hash, vector: cached.get(c.hash)! })),
      );
      done += batch.length;
      computed += missing.length;
      onProgress({ phase: 'embed', done, total, computed, note: null });
    }
    await this.vectors.pruneCache(model.id);
  }

  /**
   * Moves the index to the model `setting` names (a hub model is downloaded first) while search
   * goes on with the one in use: embedded ahead into the cache, switched in one write, then served.
   * A model that cannot be had or loaded leaves everything as it was, and says why.
   */
  useModel(
    setting: Exclude<ModelSetting, 'none'>,
    onProgress: (p: EmbedProgress) => void = () => {},
    onSwitched: () => void = () => {},
  ): Promise<SwitchReport> {
    return this.inTurn(() => this.useModelNow(setting, onProgress, onSwitched));
  }

  private async useModelNow(setting: Exclude<ModelSetting, 'none'>, onProgress: (p: EmbedProgress) => void, onSwitched: () => void): Promise<SwitchReport> {
    const dir = await this.dirOf(setting, onProgress);
    const next = await loadModelDir(dir);
    let report: SwitchReport;
    try {
      report = await switchVectors(this.store, this.vectors, next, modelSettingText(setting), onProgress);
    } catch (err) {
      await next.dispose();
      throw err;
    }
    const old = this.embedder;
    this.embedder = next;
    this.setting = setting;
    this.unavailable = null;
    // a search that began with the old model may still be embedding its query: let it finish first
    setTimeout(() => void old?.dispose(), RETIRE_MS).unref();
    // the table is the new model's: the next start must serve it, whatever happens from here
    onSwitched();
    // chunks written while it switched
    await this.embedPending(next, onProgress);
    return report;
  }

  /** The folder of the model a setting names, downloading a hub model this machine lacks. */
  private async dirOf(setting: Exclude<ModelSetting, 'none'>, onProgress: (p: EmbedProgress) => void): Promise<string> {
    if (setting === 'adaptive') return (await this.adaptiveDir()) ?? this.dirs.general;
    if ('dir' in setting) return setting.dir;
    return downloadedHubModel(this.dirs.hubCache, setting.hub) ?? this.fetchHub(setting.hub, onProgress);
  }

  /** Downloads hub model `id` into the hub cache, its progress reported as the download phase. */
  private async fetchHub(id: string, onProgress: (p: EmbedProgress) => void): Promise<string> {
    const { downloadHubModel } = await import('./local-model.ts');
    return downloadHubModel(id, this.dirs.hubCache, (p) =>
      onProgress({ phase: 'download', done: Math.round(p.progress), total: 100, note: `downloading ${id}: ${p.file}` }),
    );
  }

  private async loadDir(dir: string): Promise<void> {
    try {
      const next = await loadModelDir(dir);
      await this.embedder?.dispose();
      this.embedder = next;
      this.unavailable = null;
    } catch (err) {
      this.unload(`could not load the embedding model: ${(err as Error).message}`);
    }
  }

  private unload(reason: string): void {
    void this.embedder?.dispose();
    this.embedder = null;
    this.unavailable = reason;
  }

  /** Whether runs that could not rebuild have changed pages since the adaptive model's drift was last measured. */
  private driftUnmeasured(): Promise<boolean> {
    return this.store.vectors.driftUnmeasured();
  }

  private async noteDrift(unmeasured: boolean): Promise<void> {
    if (this.readOnly || (await this.driftUnmeasured()) === unmeasured) return;
    await this.store.write((tx) => tx.vectors.setDriftUnmeasured(unmeasured));
  }

  /**
   * Serves the model the stored vectors were computed with when it is an adaptive model another
   * process learned (fetched from the store if this machine has no build of it), so that queries
   * and chunks are embedded alike. A model this process cannot get is asked for again only after
   * a while, not at every search.
   */
  follow(modelId: string): Promise<void> {
    if (this.setting === 'none' || this.embedder?.info.id === modelId) return Promise.resolve();
    const last = this.following;
    if (last?.id === modelId && Date.now() - last.at < FOLLOW_AGAIN_MS) return last.done;
    this.following = { id: modelId, at: Date.now(), done: this.followNow(modelId) };
    return this.following.done;
  }

  private async followNow(modelId: string): Promise<void> {
    const theirs = await this.theirs();
    // in turn: a run under way finishes with the model it began with (and does not undo the switch)
    if (theirs) await this.inTurn(() => this.adopt(theirs));
    else if (this.setting === 'adaptive') await this.switchTo(modelId);
  }

  /**
   * The model setting another server switched the index to (`cairn models use`, the Models
   * screen), when its vectors are not this server's model's; null when they are, when the index
   * keeps no setting (vectors older than it), or when this server's own was named explicitly at
   * start and has not embedded yet. An index that cannot be read now is no reason to change.
   */
  private async theirs(): Promise<string | null> {
    if (this.setting === 'none') return null;
    let stored: VectorModel | null;
    try {
      stored = await this.vectors.model();
    } catch {
      return null;
    }
    // what an explicit model may replace: the index's setting as this server first finds it
    if (this.startRecord === undefined) this.startRecord = stored?.setting ?? null;
    if (!stored?.setting || stored.setting === modelSettingText(this.setting) || stored.id === this.embedder?.info.id) return null;
    return this.overrides(stored.setting) ? null : stored.setting;
  }

  /** Whether this server's explicit model replaces the index's `recorded` one: only the one it found at start, not a later switch. */
  private overrides(recorded: string | null): boolean {
    return this.mayOverride && recorded === (this.startRecord ?? null);
  }

  /**
   * Serves the model `text` names, as this machine has it (nothing is downloaded for it), and makes
   * it this server's setting; one it cannot load is left alone until the index names another, and
   * this server's own model goes on (the semantic lane says whose vectors it lacks). Returns
   * whether it serves it now.
   */
  private async adopt(text: string): Promise<boolean> {
    if (text === this.cannotAdopt) return false;
    const setting = parseModelSetting(text);
    try {
      if (setting === 'none') throw new Error('no model');
      const dir =
        setting === 'adaptive'
          ? ((await this.adaptiveDir()) ?? this.dirs.general)
          : 'dir' in setting
            ? setting.dir
            : downloadedHubModel(this.dirs.hubCache, setting.hub);
      if (!dir) throw new Error(`it is not downloaded here: \`cairn models pull ${text.slice('hub:'.length)}\``);
      const next = await loadModelDir(dir);
      const old = this.embedder;
      this.embedder = next;
      this.setting = setting;
      this.unavailable = null;
      setTimeout(() => void old?.dispose(), RETIRE_MS).unref();
      return true;
    } catch (err) {
      this.cannotAdopt = text;
      this.cannotAdoptWhy = `the index was switched to ${text}, which this server cannot serve: ${(err as Error).message}`;
      return false;
    }
  }

  private async switchTo(modelId: string): Promise<void> {
    const dir = await adaptiveBuildFor(this.store, this.dirs.models, modelId).catch(() => null);
    if (!dir) return;
    await this.loadDir(dir);
    // builds of other models are cleared away once this one serves, as after a rebuild
    if (this.embedder?.info.dir === dir) pruneAdaptiveModels(this.dirs.models, dir);
  }

  /** The build to serve: the one of the model the stored vectors are of (from the store if need
   * be), else the newest built here. */
  private async adaptiveDir(): Promise<string | null> {
    // one that cannot be had (the store unreachable, no copy kept) leaves the newest here serving;
    // the semantic lane then says whose vectors it lacks
    const stored = await this.vectors.model().catch(() => null);
    const shared = stored ? await adaptiveBuildFor(this.store, this.dirs.models, stored.id).catch(() => null) : null;
    return shared ?? currentAdaptiveModel(this.dirs.models);
  }
}

// Indexing runs, one at a time: a full run of the configured roots, or a run of the paths a write
// or the watcher changed, each followed by what is derived from the pages (run-derived.ts:
// staleness, the skill registry, vectors). A run of a few paths derives only what they can have changed.
import type { EventEmitter } from 'node:events';
import path from 'node:path';
import type { IndexProgress, IndexReport } from '../../shared/indexing.ts';
import type { Settings } from './config/settings.ts';
import type { SemanticIndex } from './embed/semantic-index.ts';
import type { EngineEvents } from './engine.ts';
import { RunClock } from './ingest/run-clock.ts';
import { failRun, finishRun } from './ingest/runs.ts';
import { MentionDrain, yieldToEventLoop } from './ingest/mention-drain.ts';
import { addToBatch, newBatch, takeBatch, type Batch, type Taken } from './ingest/run-batch.ts';
import { drainPending } from './ingest/mention-chunks.ts';
import type { Store } from './store/store.ts';
import { once } from './module-once.ts';
import { RunDerivations } from './run-derived.ts';

const indexerModule = once(() => import('./ingest/indexer.ts'));
const staleScopeModule = once(() => import('./curation/stale-scope.ts'));
const changedPathsModule = once(() => import('./ingest/changed-paths.ts'));
/** How many times in a row the drain of mentions lets the writes under way go first before it takes a chunk anyway: never starved. */
const DRAIN_DEFERS = 4;
/** A run that indexed this many pages has changed the tables enough to re-plan on (Store.refreshStatistics). */
const STATISTICS_AFTER_PAGES = 200;

/** What a run needs of the engine that owns it. */
export interface RunHost {
  store: Store;
  settings: Settings;
  semantic: SemanticIndex;
  events: EventEmitter<EngineEvents>;
  /** Where a run of paths may find them: the configured roots and every root of the index. */
  writableRoots(): Promise<string[]>;
  assertWritable(): void;
  /** Names a damaged index file, whichever step ran into it. */
  guard<T>(work: () => T | Promise<T>): Promise<T>;
}

export class IndexRuns {
  /** The progress of the run under way, for status and readers' notices. */
  progress: IndexProgress | null = null;
  private running: Promise<IndexReport> | null = null;
  /** When the next run may start: once the last one's pages landed (or it failed). Its report's reads
   * and its end go on beside the next run, which waits for them only where the store makes it. */
  private gate: Promise<unknown> = Promise.resolve();
  /** How many runs this process started: the last one's progress is the one shown. */
  private started = 0;
  /** Runs of paths under way and not yet ended: closing lets them record their end. */
  private readonly pathRuns = new Set<Promise<unknown>>();
  /** Whether the last run scheduled is a full run of the configured roots (which a full request joins). */
  private runningFull = false;
  /** The run of paths waiting for the one under way, which more paths may still join (schedule). */
  private queued: Batch | null = null;
  /** Pages written whose indexing then failed: the next run takes them along (Engine.write says why). */
  private behind = new Set<string>();
  /** The other pages' mentions a run of paths left pending (ingest/pending-mentions.ts), matched in the background. */
  private readonly drain: MentionDrain;
  /** Writes under way, from their first read to their run's end (Engine.write): the drain's chunks wait for them. */
  private readonly writes = new Set<Promise<unknown>>();
  private readonly store: Store;
  private readonly settings: Settings;
  private readonly events: EventEmitter<EngineEvents>;
  /** What a run derives from the pages: staleness, the registry, vectors. */
  private readonly derived: RunDerivations;

  constructor(private readonly host: RunHost) {
    ({ store: this.store, settings: this.settings, events: this.events } = host);
    this.derived = new RunDerivations(host.store, host.settings, host.semantic);
    this.drain = new MentionDrain(
      this.store,
      () => this.drainTurn(),
      () => void this.tellDrained(),
    );
  }

  /** Matches the other pages' mentions left pending, by any process, until none are. */
  drainMentions(): Promise<void> {
    return this.drain.run();
  }

  /** Runs a write (its checks, file and run) as one the drain of mentions lets go first. */
  during<T>(write: () => Promise<T>): Promise<T> {
    const p = write();
    const settled = p.then(
      () => {},
      () => {},
    );
    this.writes.add(settled);
    void settled.then(() => this.writes.delete(settled));
    return p;
  }

  /**
   * Resolves when a chunk of the drain may go: once the writes and run under way are done, checked
   * again after yielding to the event loop (a write's file I/O would otherwise let a chunk in
   * between each of its steps: 8 chunks, +60 ms a write on interconnected-10k), but after
   * DRAIN_DEFERS rounds of writes at the latest.
   */
  private async drainTurn(): Promise<void> {
    for (let round = 0; ; round++) {
      await yieldToEventLoop();
      if ((!this.writes.size && !this.running) || round >= DRAIN_DEFERS) return;
      await Promise.all([...this.writes, this.running?.catch(() => {})]);
    }
  }

  /** Stops draining after the chunk under way: the rest stays pending in the store. Before, lets a run
   * of paths under way end (a write answered before its run recorded its end); a full run is not waited for. */
  async stop(): Promise<void> {
    await Promise.all([...this.pathRuns].map((r) => r.catch(() => {})));
    await this.drain.stop();
  }

  /** Mentions changed after the run that left them pending was told: the doors, and other servers, refresh again. */
  private async tellDrained(): Promise<void> {
    const last = await this.tellChanged();
    if (last) void this.store.cluster.announce(last);
  }

  isRunning(): boolean {
    return this.running !== null;
  }

  /** Indexes the configured roots. A call while a full run is under way joins it. */
  full(): Promise<IndexReport> {
    if (this.running && this.runningFull) return this.running;
    return this.schedule(null, false).run;
  }

  /** Indexes only these paths (files or folders inside the roots). */
  paths(paths: string[]): Promise<IndexReport> {
    return this.schedule(paths, false).run;
  }

  /**
   * Indexes these paths; settles once their pages are indexed and what derives from them (staleness,
   * the registry, vectors) is current, before the run reads its report and records its end: what
   * a write waits for. A failure after that point is the next run's to repair (ingest/runs.ts).
   */
  async landed(paths: string[]): Promise<void> {
    // waiting in the store before any run is asked for: whichever server's run takes the lock next takes it along
    await this.store.cluster.waiting?.add(paths);
    const batch = this.schedule(paths, true);
    // its report is nobody's to wait for here: a run that fails in reading it is failed and logged by run()
    batch.run.catch(() => {});
    return batch.landed;
  }

  /** A page whose file landed but whose indexing failed: the next run takes it along. */
  leaveBehind(file: string): void {
    this.behind.add(file);
  }

  /** Whether a written page waits for the next run (leaveBehind). */
  anyBehind(): boolean {
    return this.behind.size > 0;
  }

  /** Tells this process's doors the pages changed, as the last run found them (another process's writes); returns that run's report. */
  async tellChanged(): Promise<IndexReport | null> {
    const last = await this.store.runs.lastDone().catch(() => null);
    if (last) this.events.emit('pagesChanged', last);
    return last;
  }

  /**
   * Runs one after another, in the order asked; `paths` null is a full run. Paths asked for while
   * a run is under way join the run queued after it (if it is a run of paths), until that run holds
   * the write lock: eight writers then pay for one run of eight pages, not eight runs (and on a
   * database several servers share, the writes that came while another server's run held the lock
   * go together), and each is still answered only once its page is indexed.
   */
  private schedule(paths: string[] | null, handed: boolean): Batch {
    if (paths && this.queued) {
      addToBatch(this.queued, paths, handed);
      return this.queued;
    }
    const before = this.gate;
    const batch = newBatch();
    addToBatch(batch, paths ?? [], handed);
    // a run asked for after a full run goes after it, never into a batch queued before it
    this.queued = paths ? batch : null;
    const next = before
      .catch(() => {})
      // a batch starts only after the I/O callbacks already due: writes whose temp files were
      // flushed meanwhile (write-page.ts flushes them off the loop) land and join it, instead of
      // each starting its own run in the microtask after the last one
      .then(() => paths && new Promise((resolve) => setImmediate(resolve)))
      .then(() => {
        // closing lets it end (one still queued behind a full run is not waited for)
        if (paths) this.pathRuns.add(next);
        // from when it holds the lock the batch is under way: paths asked for then wait for the next run
        const take = (roots: string[]) => {
          if (this.queued === batch) this.queued = null;
          return takeBatch(batch, this.store.cluster.waiting, roots);
        };
        return this.host.guard(() => this.runCatchingUp(paths ? take : null, batch.land));
      });
    // a run that failed before its pages landed fails the writes waiting for them
    next.catch((err: unknown) => batch.fail(err));
    batch.run = next;
    this.gate = Promise.race([batch.landed, next]).catch(() => {});
    this.running = next;
    this.runningFull = paths === null;
    const settle = () => {
      // a run that failed before it took its paths takes no more
      if (this.queued === batch) this.queued = null;
      this.pathRuns.delete(next);
      if (this.running !== next) return;
      this.running = null;
      this.progress = null;
    };
    next.then(settle, settle);
    return batch;
  }

  /** A run of some paths takes along the pages left behind (a full run covers them anyway); if it fails, they wait for the next. */
  private async runCatchingUp(take: ((roots: string[]) => Promise<Taken>) | null, landed: () => void): Promise<IndexReport> {
    let behind: string[] = [];
    const catchUp = () => {
      behind = [...this.behind];
      this.behind.clear();
    };
    if (!take) catchUp();
    try {
      const takeWithBehind =
        take &&
        (async (roots: string[]) => {
          const taken = await take(roots);
          catchUp();
          return { ...taken, paths: [...taken.paths, ...behind] };
        });
      return await this.run(takeWithBehind, landed);
    } catch (err) {
      for (const p of behind) this.behind.add(p);
      throw err;
    }
  }

  /** `take`: a run of paths, which it takes once it holds the write lock (given the roots it may be in); null: a full run. */
  private async run(take: ((roots: string[]) => Promise<Taken>) | null, landed: () => void): Promise<IndexReport> {
    this.host.assertWritable();
    const started = ++this.started;
    // the run's whole time, from now until its pages are searchable with their vectors
    const clock = new RunClock();
    const emit = (p: IndexProgress) => {
      clock.heard(p);
      this.progress = p;
      this.events.emit('indexProgress', p);
    };
    // the latest progress, carried into the model and embedding phases
    const at: { last: IndexProgress | null } = { last: null };
    const { indexRoots, progressAtStart } = await indexerModule();
    // a run of a few paths derives only what they can have changed; the pages around them are
    // asked before it too (a deleted page, a source that goes, points at nothing afterwards)
    const { pagesNear, unionScope } = await staleScopeModule();
    const front = async (paths: string[] | null, writable: string[], reread: string[] = []) => {
      // every write of the batch was indexed by another server's run (WaitingWrites): nothing to record
      if (paths?.length === 0) return { paths, nearBefore: null, indexed: null };
      const nearBefore = paths ? await pagesNear(this.store, paths) : null;
      const indexed = await indexRoots(this.store, {
        // a write may land in any root of the index (a command given only --db has the default roots)
        roots: paths ? writable.filter((r) => paths.some((p) => p === r || p.startsWith(r + path.sep))) : this.settings.roots,
        paths: paths ?? undefined,
        reread,
        ignorePatterns: this.settings.ignorePatterns,
        maxFileBytes: this.settings.maxFileBytes,
        conceptAliases: this.settings.conceptAliases,
        onProgress: (p) => emit((at.last = p)),
      });
      return { paths, nearBefore, indexed };
    };
    // a run of paths is one write transaction (indexer.ts), its paths taken once it holds the lock;
    // under way meanwhile, for status, even while another process holds the lock
    if (take) emit((at.last = progressAtStart()));
    const { paths, nearBefore, indexed, elsewhere } = take
      ? await this.store.write(async () => {
          // read once, under the lock: where the run's paths may be, and where the waiting writes it takes are
          const writable = await this.host.writableRoots();
          const taken = await take(writable);
          // a write another server's run took counts as indexed only if the index holds it as it is
          // on disk here: that server may skip it (a smaller maxFileBytes), ignore it, or not see it
          const unheld = taken.elsewhere.length ? await this.unheld(writable, taken.elsewhere) : [];
          const elsewhere = taken.elsewhere.filter((p) => !unheld.includes(p));
          return { ...(await front([...taken.paths, ...unheld], writable, unheld)), elsewhere };
        })
      : { ...(await front(null, [])), elsewhere: [] };
    if (!indexed) return this.indexedElsewhere(elsewhere, at, emit, landed, clock);
    const { runId } = indexed;
    clock.enter('derive');
    let report: IndexReport;
    try {
      // a full run leaves every page's mentions complete (and finishes what a killed process left)
      if (!paths) await drainPending(this.store, () => yieldToEventLoop().then(() => true));
      // before the semantic phase, whose model build can take minutes while searches go on
      if (indexed.indexed >= STATISTICS_AFTER_PAGES) await this.store.refreshStatistics();
      await this.derived.staleness(paths && nearBefore ? unionScope(nearBefore, await pagesNear(this.store, paths)) : null);
      if (!paths || (await this.derived.registryMayChange([...paths, ...elsewhere]))) await this.derived.registry();
      clock.enter('model');
      const semantic = await this.derived.semantic(indexed.indexed > 0 || indexed.removed > 0 || elsewhere.length > 0, at, emit, paths === null);
      // the pages are searchable as written: a write is answered now, not after the report's
      // reads over the whole index (~7 ms of a write on PostgreSQL with 10,000 pages)
      landed();
      const timing = clock.stop();
      report = { ...(await indexed.report()), ...semantic, ...timing };
      await finishRun(this.store, runId, report);
    } catch (err) {
      await failRun(this.store, runId).catch(() => {});
      throw err;
    }
    // a run that started after this one (while this one read its report) has the progress now
    if (at.last && started === this.started) emit({ ...at.last, phase: 'done' });
    this.events.emit('pagesChanged', report);
    // and the other servers sharing the index tell their own doors (store/cluster.ts)
    void this.store.cluster.announce(report);
    // last, after the run's own writes: its answer waits for no chunk of the drain
    if (paths) this.drain.kick();
    return report;
  }

  /**
   * A batch whose writes another server's run indexed, before this one got the lock: their pages
   * are searchable. What this server derives for itself (its registry, its vectors, loaded or
   * embedded) is brought up to date before they are answered; staleness is that run's to record.
   */
  private async indexedElsewhere(
    elsewhere: string[],
    at: { last: IndexProgress | null },
    emit: (p: IndexProgress) => void,
    landed: () => void,
    clock: RunClock,
  ): Promise<IndexReport> {
    clock.enter('derive');
    if (await this.derived.registryMayChange(elsewhere)) await this.derived.registry();
    clock.enter('model');
    const semantic = await this.derived.semantic(elsewhere.length > 0, at, emit, false);
    landed();
    const timing = clock.stop();
    if (at.last) emit({ ...at.last, phase: 'done' });
    const counts = await this.store.runs.counts();
    return { ...counts, ...semantic, ...timing, roots: [], indexed: 0, unchanged: 0, removed: 0, skipped: 0, failed: 0, problems: [], brokenByRun: [], ms: 0 };
  }

  /** Of these written files, those the index does not hold as indexed, as they are on disk. */
  private async unheld(roots: string[], paths: string[]): Promise<string[]> {
    const { changedPaths } = await changedPathsModule();
    return changedPaths(this.store, roots, paths, this.settings.ignorePatterns, true);
  }

  /** The skill registry, derived from the registry files, manifests and decisions (run-derived.ts). */
  refreshRegistry(): Promise<void> {
    return this.derived.registry();
  }
}

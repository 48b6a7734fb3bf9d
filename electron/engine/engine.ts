// The engine behind every door: owns the database, runs indexing, answers the contract.
// Plain Node: it never imports electron, so the CLI, the server and the tests run it as is.
// Indexing, curation and the graph are imported when first used: a cold `cairn search` or
// `cairn page` loads only the store, search and page view (markdown-it, yaml, the suggester and the
// model builder stay on disk).
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { PERSON, type Caller } from '../../shared/caller.ts';
import { EVERYONE, viewerOf, type Viewer } from '../../shared/viewer.ts';
import type { Response } from '../../shared/contract.ts';
import { guarded, parseRequest, type CairnService, type Parsed } from '../../shared/dispatch.ts';
import { BadRequest, CairnError, NotFound } from '../../shared/errors.ts';
import type { IndexNotice, IndexProgress, IndexReport } from '../../shared/indexing.ts';
import { RERANK_DEPTH, type FusionDefaults, type SearchFilters } from '../../shared/search.ts';
import { HUB_CACHE, modelsFolder, SHIPPED_MODEL, type Settings } from './config/settings.ts';
import { readersNotice } from './ingest/runs.ts';
import { pendingNotice } from './ingest/pending-mentions.ts';
import { buildIgnore } from './ingest/walk.ts';
import { brokenLinks, orphanPages } from './graph/findings.ts';
import { pageView } from './graph/page-view.ts';
import { readAttachment } from './graph/attachment-file.ts';
import type { GraphQuery } from './graph/reference-graph.ts';
import { explainStoreError, openStore } from './store/open-store.ts';
import { locationForAgents, redactUrl } from './config/pg-url.ts';
import { withoutSecrets } from './config/secret-errors.ts';
import type { Store } from './store/store.ts';
import type { StoreCluster } from './store/cluster.ts';
import { search } from './search/search.ts';
import { NO_MODEL_DEFAULTS } from './embed/fusion-defaults.ts';
import { SemanticIndex, type EmbedProgress } from './embed/semantic-index.ts';
import { RerankerSlot } from './rerank/reranker-slot.ts';
import { HubReach } from './embed/hub-reach.ts';
import { ModelJobs } from './embed/model-jobs.ts';
import type { SwitchReport } from './embed/model-switch.ts';
import { modelSettingText, parseModelSetting } from './config/model-setting.ts';
import { rememberModel } from './config/remember-model.ts';
import { ReadPool } from './read-pool.ts';
import { IndexRuns } from './index-runs.ts';
import { SkillDesk } from './skill-desk.ts';
import { RecallDesk } from './recall-desk.ts';
import { CurationDesk } from './curation-desk.ts';
import { stalenessModule } from './run-derived.ts';

/** What a model switch did: the model now served, the settings it went from and to, and its figures. */
export interface ModelSwitch extends SwitchReport {
  model: string;
  setting: string;
  previous: string;
}

export interface EngineEvents {
  indexProgress: [IndexProgress];
  pagesChanged: [IndexReport];
}

export class Engine implements CairnService {
  readonly events = new EventEmitter<EngineEvents>();
  readonly semantic: SemanticIndex;
  /** The cross-encoder that orders the top fused results, when one is set (rerank/rerank-stage.ts). */
  readonly reranker: RerankerSlot;
  /** A switch of model started by a door, in the background. */
  readonly modelJobs: ModelJobs;
  private readonly hub = new HubReach();
  /** One indexing run at a time, and what each derives (index-runs.ts). */
  private readonly runs: IndexRuns;
  private readonly skillDesk: SkillDesk;
  private readonly recallDesk: RecallDesk;
  private readonly curation: CurationDesk;
  private readers: ReadPool | null = null;
  private hearing: (() => void) | null = null;
  private closing: Promise<void> | null = null;
  private constructor(
    /** The index behind its repositories (store/store.ts): what engine modules are given instead of a
     * database. Chosen by the database setting (store/open-store.ts): a file is SQLite, a URL PostgreSQL. */
    readonly store: Store,
    readonly settings: Settings,
  ) {
    this.semantic = new SemanticIndex(
      this.store,
      settings.model,
      { models: modelsFolder(settings.db), general: SHIPPED_MODEL, hubCache: HUB_CACHE },
      store.readOnly,
      settings.modelSource === 'cli' || settings.modelSource === 'env',
    );
    this.reranker = new RerankerSlot(settings.reranker, HUB_CACHE);
    this.modelJobs = new ModelJobs({
      semantic: this.semantic,
      switchModel: (setting, onProgress) => guarded(this, 'write', () => this.switchModel(setting, onProgress)),
      configPath: settings.configPath,
      hubCache: HUB_CACHE,
    });
    this.runs = new IndexRuns({
      store: this.store,
      settings,
      semantic: this.semantic,
      events: this.events,
      writableRoots: () => this.writableRoots(),
      assertWritable: () => this.assertWritable(),
      guard: (work) => guarded(this, 'read', work),
    });
    const hybrid = (query: string, k: number, filters: SearchFilters, viewer: Viewer, weights?: { graph: number }) =>
      // their callers fuse the results again or read them as a set: a reranker's order would be lost
      this.search(parseRequest('search', { query, mode: 'hybrid', k, filters, rerank: false, ...(weights ? { weights } : {}) }), PERSON, viewer);
    this.skillDesk = new SkillDesk({
      store,
      settings: settings.skills,
      runs: this.runs,
      // the model loads only when a free-text expert question needs it
      searchText: async (query, k, viewer) => {
        if (!this.semantic.embedder) await this.loadModel();
        return hybrid(query, k, {}, viewer, { graph: 0 });
      },
    });
    this.recallDesk = new RecallDesk({ store, search: hybrid, expert: (r, viewer) => this.skillDesk.expert(r, viewer) });
    this.curation = new CurationDesk({ store, runs: this.runs, writableRoots: () => this.writableRoots(), maxFileBytes: settings.maxFileBytes });
  }

  static open(settings: Settings): Engine {
    return new Engine(openStore(settings.db), settings);
  }

  get closed(): boolean {
    return this.closing !== null;
  }

  /** Safe to call again: every call gets the same promise. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      await this.runs.stop();
      void this.semantic.embedder?.dispose();
      void this.reranker.dispose();
      void this.readers?.close();
      await this.store.close();
    })());
  }

  /** For a long-running process: searches and page reads on reader threads, never waiting behind a write (read-pool.ts). */
  startReaders(): void {
    this.readers ??= ReadPool.start(this.settings.db);
  }

  /** For a process that answers many searches (server, app, eval): chunk vectors are scanned in memory. */
  keepVectorsInMemory(): void {
    this.semantic.vectors.keepInMemory();
  }

  /** The other servers sharing the index, and which of them leads (store/cluster.ts). */
  get cluster(): StoreCluster {
    return this.store.cluster;
  }

  /** For a long-running process: a run another server sharing the index announces reaches this one's doors too, as its own
   * pagesChanged; when announcements may have been missed, the last run finished stands for them, so the doors refresh. */
  hearOtherServers(): void {
    const changed = (report: IndexReport) => this.events.emit('pagesChanged', report);
    const missed = () =>
      void this.store.runs.lastDone().then(
        (last) => last && changed(last),
        () => {},
      );
    this.hearing ??= this.store.cluster.hear(changed, missed);
  }

  /**
   * Matches the other pages' mentions that writes left pending (ingest/pending-mentions.ts), by this
   * process or another, until none are: what a run of paths starts in the background, awaited.
   */
  drainMentions(): Promise<void> {
    return this.runs.drainMentions();
  }

  /** Loads the configured embedding model and reranker; on failure search goes on without them. */
  loadModel(): Promise<void> {
    return Promise.all([this.semantic.load(), this.reranker.load()]).then(() => {});
  }

  /**
   * Moves the index to another embedding model (`adaptive`, `hub:ID` or a folder) while search goes
   * on with the one in use (embed/model-switch.ts), then keeps it, and the one before it, in the
   * config file for the next start.
   */
  async switchModel(text: string, onProgress?: (p: EmbedProgress) => void): Promise<ModelSwitch> {
    const setting = parseModelSetting(text, (p) => path.resolve(p));
    if (setting === 'none') throw new Error('a switch moves to a model: to turn the semantic lane off, start with --model none');
    const previous = modelSettingText(this.semantic.modelSetting);
    const report = await this.semantic.useModel(setting, onProgress, () => rememberModel(this.settings.configPath, modelSettingText(setting), previous));
    return { ...report, model: this.semantic.embedder!.info.id, setting: modelSettingText(setting), previous };
  }

  models(_request: Parsed<'models'> = {}): Promise<Response<'models'>> {
    return Promise.resolve(this.modelJobs.list());
  }

  useModel(request: Parsed<'useModel'>): Promise<Response<'useModel'>> {
    return Promise.resolve(this.modelJobs.start(request.model));
  }

  rollbackModel(_request: Parsed<'rollbackModel'> = {}): Promise<Response<'rollbackModel'>> {
    return Promise.resolve(this.modelJobs.rollback());
  }

  hubReach(_request: Parsed<'hubReach'> = {}): Promise<Response<'hubReach'>> {
    return this.hub.ask();
  }

  fusionDefaults(): FusionDefaults {
    return this.semantic.embedder?.info.defaults ?? NO_MODEL_DEFAULTS;
  }

  isIndexing(): boolean {
    return this.runs.isRunning();
  }

  /** True until a run has linked its pages in this database. */
  async isEmpty(): Promise<boolean> {
    return !(await this.store.runs.anyLinked());
  }

  async status(_request: Parsed<'status'> = {}, caller: Caller = PERSON): Promise<Response<'status'>> {
    const indexed = await this.store.runs.rootPaths();
    const otherRoots = indexed.filter((r) => !this.settings.roots.includes(r));
    // never a password; to an agent (a token's holder, anywhere on the network) not who connects nor how
    const db = caller.kind === 'agent' ? locationForAgents(this.settings.db) : redactUrl(this.settings.db);
    return {
      roots: this.settings.roots,
      otherRoots,
      readOnly: this.store.readOnly,
      db,
      ...(await this.store.runs.counts()),
      lastRun: await this.store.runs.lastDone(),
      indexing: this.runs.progress,
      index: (await this.notice()) ?? (await pendingNotice(this.store.concepts)),
    };
  }

  /** Indexes the configured roots. One run at a time: a call while a full run is under way joins it. */
  reindex(_request: Parsed<'reindex'> = {}): Promise<IndexReport> {
    return this.runs.full();
  }

  /** Indexes only these paths (files or folders inside the roots): what the watcher saw change. Not a door's method. */
  reindexPaths(paths: string[]): Promise<IndexReport> {
    return this.runs.paths(paths);
  }

  /**
   * Of these paths, those a run would find changed (ingest/changed-paths.ts): what the watcher
   * indexes. All of them while a written page waits to be indexed again (its row may match the file
   * while what derives from it does not). Where some are left out, the doors are told the pages
   * changed: another process on the same index file (a `cairn` command) wrote them. Not a door's method.
   */
  async changedPaths(paths: string[]): Promise<string[]> {
    if (this.runs.anyBehind()) return paths;
    const { changedPaths } = await import('./ingest/changed-paths.ts');
    const changed = await changedPaths(this.store, await this.writableRoots(), paths, this.settings.ignorePatterns);
    if (changed.length < paths.length) await this.runs.tellChanged();
    return changed;
  }

  /** Drops roots from the index (their files are not touched); returns how many files left the index. Not a
   * door's method: engine-api.ts runs it as dispatch runs a write (refused on a read-only index, failures explained). */
  async forgetRoots(roots: string[]): Promise<number> {
    const { relinkAll } = await import('./graph/relink.ts');
    return this.store.write(async (tx) => {
      let removed = 0;
      for (const root of roots) {
        const files = await tx.runs.forgetRoot(path.resolve(root));
        if (files === null) throw new BadRequest(`${root} is not a root of this index; its roots are: ${(await tx.runs.rootPaths()).join(', ') || 'none'}`);
        removed += files;
      }
      await relinkAll(tx);
      return removed;
    });
  }

  skills(r: Parsed<'skills'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'skills'>> {
    return this.skillDesk.skills(r, viewer);
  }

  expert(r: Parsed<'expert'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'expert'>> {
    return this.skillDesk.expert(r, viewer);
  }

  decideSkill(r: Parsed<'decideSkill'>): Promise<Response<'decideSkill'>> {
    return this.skillDesk.decideSkill(r);
  }

  registerSkill(r: Parsed<'registerSkill'>): Promise<Response<'registerSkill'>> {
    return this.skillDesk.registerSkill(r);
  }

  knowledgeRecall(r: Parsed<'knowledgeRecall'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'knowledgeRecall'>> {
    return this.recallDesk.knowledgeRecall(r, viewer);
  }

  knowledgeExpert(r: Parsed<'knowledgeExpert'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'knowledgeExpert'>> {
    return this.recallDesk.knowledgeExpert(r, viewer);
  }

  recordOutcome(r: Parsed<'recordOutcome'>): Promise<Response<'recordOutcome'>> {
    return this.recallDesk.recordOutcome(r);
  }

  queryOutcomes(r: Parsed<'queryOutcomes'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'queryOutcomes'>> {
    return this.recallDesk.queryOutcomes(r, viewer);
  }

  async stalePages(_request: Parsed<'stalePages'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'stalePages'>> {
    const { stalePages } = await stalenessModule();
    return { pages: await stalePages(this.store, viewer) };
  }

  async sourceChanges(r: Parsed<'sourceChanges'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'sourceChanges'>> {
    const { sourceChanges } = await import('./curation/source-changes.ts');
    return sourceChanges(this.store, r, viewer);
  }

  writePage(r: Parsed<'writePage'>, caller: Caller = PERSON): Promise<Response<'writePage'>> {
    return this.curation.writePage(r, caller);
  }

  reviewPage(r: Parsed<'reviewPage'>, caller: Caller = PERSON): Promise<Response<'reviewPage'>> {
    return this.curation.reviewPage(r, caller);
  }

  archivePage(r: Parsed<'archivePage'>, caller: Caller = PERSON): Promise<Response<'archivePage'>> {
    return this.curation.archivePage(r, caller);
  }

  consolidate(r: Parsed<'consolidate'>): Promise<Response<'consolidate'>> {
    return this.curation.consolidate(r);
  }

  audit(r: Parsed<'audit'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'audit'>> {
    return this.curation.audit(r, viewer);
  }

  fixLink(r: Parsed<'fixLink'>, caller: Caller = PERSON): Promise<Response<'fixLink'>> {
    return this.curation.fixLink(r, caller);
  }

  fixLinks(r: Parsed<'fixLinks'>, caller: Caller = PERSON): Promise<Response<'fixLinks'>> {
    return this.curation.fixLinks(r, caller);
  }

  suggestTargets(r: Parsed<'suggestTargets'>): Promise<Response<'suggestTargets'>> {
    return this.curation.suggestTargets(r);
  }

  undo(r: Parsed<'undo'>): Promise<Response<'undo'>> {
    return this.curation.undo(r);
  }

  /** Every root in the index was chosen by a person (the command line, CAIRN_ROOTS, the config), never by a request. */
  private async writableRoots(): Promise<string[]> {
    const indexed = await this.store.runs.rootPaths();
    return [...new Set([...this.settings.roots, ...indexed])];
  }

  /** `dispatch` asks it before every write (a method's rules say which are writes). */
  assertWritable(): void {
    if (this.store.readOnly)
      throw new CairnError(
        'read-only',
        `the index database ${redactUrl(this.settings.db)} is read-only: search, links and pages work, but indexing needs write access to it and its folder`,
      );
  }

  /** A damaged index file is named, with what to do about it, whichever method ran into it (`dispatch` asks). */
  explainError(err: unknown): unknown {
    const explained = explainStoreError(this.settings.db, err);
    return withoutSecrets(explained, this.settings.db);
  }

  /** Every lane filters by the viewer (the filters' agent: store/sqlite/page-filter.ts). */
  async search(r: Parsed<'search'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'search'>> {
    const deps = { store: this.store, semantic: this.semantic, defaults: this.fusionDefaults() };
    const { agent: _named, ...filters } = r.filters;
    const asViewer = { ...r, filters: viewer.agent === null ? filters : { ...filters, agent: viewer.agent } };
    // a reranker reads the head of the fused list, deeper than k, and the sections' text
    const reranks = this.reranker.wants(r);
    const asked = reranks ? { ...asViewer, k: Math.max(r.k, RERANK_DEPTH) } : asViewer;
    const answer = await (this.readers ? this.readers.search(deps, asked, { passages: reranks }) : search(deps, asked, { passages: reranks }));
    return { ...(reranks ? await this.reranker.apply(answer, r.k) : answer), index: await this.notice() };
  }

  async getPage(r: Parsed<'getPage'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'getPage'>> {
    try {
      return { ...(await (this.readers ? this.readers.getPage(this.store, r, viewer) : pageView(this.store, r, viewer))), index: await this.notice() };
    } catch (err) {
      // while the first index runs, "not found" may only mean "not indexed yet"
      const notice = err instanceof NotFound ? await this.notice() : null;
      throw notice ? new NotFound(`${err instanceof Error ? err.message : String(err)} (${notice.message})`) : err;
    }
  }

  async mentions(r: Parsed<'mentions'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'mentions'>> {
    const { unlinkedMentions } = await import('./concepts/unlinked-mentions.ts');
    return unlinkedMentions(this.store, r, viewer);
  }

  /** What readers are told about the index they read: being built, or left half done by a run that died. */
  private notice(): Promise<IndexNotice | null> {
    return readersNotice(this.store, this.runs.progress);
  }

  /** An attachment in another agent's space is as absent as its pages. */
  async pages(r: Parsed<'pages'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'pages'>> {
    const { listPages } = await import('./graph/page-list.ts');
    return listPages(this.store, this.settings.roots, r, viewer);
  }

  async attachment(r: Parsed<'attachment'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'attachment'>> {
    if (!(await this.store.pages.filesSeenBy(viewer))(r)) throw new BadRequest(`${r.path} is not an attachment in the index of ${r.root}`);
    return readAttachment(this.store, r.root, r.path, (rel) => buildIgnore(r.root, this.settings.ignorePatterns).ignores(rel));
  }

  async graph(r: Parsed<'graph'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'graph'>> {
    const { referenceGraph } = await import('./graph/reference-graph.ts');
    return referenceGraph(this.store, graphQuery(r, viewer));
  }

  async graphColumns(r: Parsed<'graphColumns'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'graphColumns'>> {
    const { referenceGraphColumns } = await import('./graph/reference-graph.ts');
    return referenceGraphColumns(this.store, graphQuery(r, viewer));
  }

  async recall(r: Parsed<'recall'>, _caller: Caller = PERSON, viewer: Viewer = viewerOf(PERSON, r)): Promise<Response<'recall'>> {
    const { recallWalk, seedPages } = await import('./graph/recall-walk.ts');
    // the walk reaches linked pages itself, showing each step: its seeds are the text lanes' hits
    const hits =
      'query' in r.seed ? (await this.search(parseRequest('search', { query: r.seed.query, k: 3, weights: { graph: 0 } }), PERSON, viewer)).results : [];
    return recallWalk(this.store, { ...(await seedPages(this.store, r.seed, hits, viewer)), viewer, hops: r.hops, limit: r.limit });
  }

  async concepts(r: Parsed<'concepts'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'concepts'>> {
    const { listConcepts } = await import('./concepts/list.ts');
    return listConcepts(this.store.concepts, r.query ?? null, r.limit, viewer);
  }

  async links({ kind }: Parsed<'links'>, _caller: Caller = PERSON, viewer: Viewer = EVERYONE): Promise<Response<'links'>> {
    if (kind === 'orphans') return { findings: [], orphans: await orphanPages(this.store, viewer), index: await this.notice() };
    const reasons =
      kind === 'dangling' ? ['missing-page' as const] : kind === 'anchors' ? ['missing-anchor' as const] : ['missing-page' as const, 'missing-anchor' as const];
    return { findings: await brokenLinks(this.store, reasons, viewer), orphans: [], index: await this.notice() };
  }
}

function graphQuery(r: Parsed<'graph'>, viewer: Viewer): GraphQuery {
  return { around: r.around ?? null, viewer, depth: r.depth, limit: r.limit, concepts: r.concepts };
}

// The engine behind every door: owns the database, runs indexing, answers the contract.
// Plain Node: it never imports electron, so the CLI, the server and the tests run it as is.
// Indexing, curation and the graph are imported when first used: a cold `cairn search` or
// `cairn page` loads only the store, search and page view (markdown-it, yaml, fuse.js and the
// model builder stay on disk).
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { PERSON, type Caller } from '../../shared/caller.ts';
import type { Response } from '../../shared/contract.ts';
import { parseRequest, type CairnService, type Parsed } from '../../shared/dispatch.ts';
import { BadRequest, CairnError, NotFound } from '../../shared/errors.ts';
import type { IndexNotice, IndexProgress, IndexReport } from '../../shared/indexing.ts';
import type { FusionDefaults } from '../../shared/search.ts';
import type { Tier } from '../../shared/recall.ts';
import { HUB_CACHE, SHIPPED_MODEL, type Settings } from './config/settings.ts';
import { countIndex } from './ingest/counts.ts';
import { failRun, finishRun, lastRun, readersNotice } from './ingest/runs.ts';
import { brokenLinks, orphanPages } from './graph/findings.ts';
import { pageView } from './graph/page-view.ts';
import { readAttachment } from './graph/attachment-file.ts';
import { explainDbError, openDatabase, type Db } from './store/database.ts';
import { writeTransaction } from './store/write-lock.ts';
import type { WriteInput, WriteResult } from './curation/write-page.ts';
import { readAudit } from './curation/audit.ts';
import { search } from './search/search.ts';
import { NO_MODEL_DEFAULTS } from './search/fusion-defaults.ts';
import { SemanticIndex } from './embed/semantic-index.ts';
import { ReadPool } from './read-pool.ts';

/**
 * A module loaded on first use, then kept: a write's run asks for five, and under tsx (the benches,
 * development) every `import()` is a round trip to its loader thread, ~0.7 ms and more on a busy
 * machine, even for a module loaded long before. Cold commands still load only what they use.
 */
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};
const writePageModule = once(() => import('./curation/write-page.ts'));
const indexerModule = once(() => import('./ingest/indexer.ts'));
const staleScopeModule = once(() => import('./curation/stale-scope.ts'));
const stalenessModule = once(() => import('./curation/staleness.ts'));
const registryModule = once(() => import('./skills/refresh.ts'));

export interface EngineEvents {
  indexProgress: [IndexProgress];
  pagesChanged: [IndexReport];
}

export class Engine implements CairnService {
  readonly events = new EventEmitter<EngineEvents>();
  readonly semantic: SemanticIndex;
  private indexing: IndexProgress | null = null;
  private running: Promise<IndexReport> | null = null;
  /** Whether the last run scheduled is a full run of the configured roots (which a full request joins). */
  private runningFull = false;
  /** The run of paths waiting for the one under way, which more paths may still join (schedule). */
  private queued: { paths: Set<string>; run: Promise<IndexReport> } | null = null;
  private readers: ReadPool | null = null;
  /** Pages written whose indexing then failed: the next run takes them along (write() says why). */
  private behind = new Set<string>();

  private constructor(
    readonly db: Db,
    readonly settings: Settings,
  ) {
    const models = path.join(path.dirname(settings.db), `${path.basename(settings.db)}.models`);
    this.semantic = new SemanticIndex(db, settings.model, { models, general: SHIPPED_MODEL, hubCache: HUB_CACHE });
  }

  static open(settings: Settings): Engine {
    return new Engine(openDatabase(settings.db), settings);
  }

  close(): void {
    void this.semantic.embedder?.dispose();
    void this.readers?.close();
    this.db.close();
  }

  /** For a long-running process: searches and page reads on reader threads, never waiting behind a write (read-pool.ts). */
  startReaders(): void {
    this.readers ??= ReadPool.start(this.settings.db);
  }

  /** For a process that answers many searches (server, app, eval): chunk vectors are scanned in memory. */
  keepVectorsInMemory(): void {
    this.semantic.vectors.keepInMemory();
  }

  /** Loads the configured embedding model; on failure search goes on without the semantic lane. */
  loadModel(): Promise<void> {
    return this.semantic.load();
  }

  fusionDefaults(): FusionDefaults {
    return this.semantic.embedder?.info.defaults ?? NO_MODEL_DEFAULTS;
  }

  isIndexing(): boolean {
    return this.running !== null;
  }

  /** True until a run has linked its pages in this database. */
  isEmpty(): boolean {
    return !this.db.prepare(`SELECT 1 FROM runs WHERE state IN ('linked', 'done') LIMIT 1`).get();
  }

  async status(): Promise<Response<'status'>> {
    return this.guard(() => {
      const indexed = (this.db.prepare(`SELECT path FROM roots ORDER BY path`).all() as { path: string }[]).map((r) => r.path);
      const otherRoots = indexed.filter((r) => !this.settings.roots.includes(r));
      return { roots: this.settings.roots, otherRoots, readOnly: this.db.readonly, db: this.settings.db, ...countIndex(this.db), lastRun: lastRun(this.db), indexing: this.indexing, index: this.notice() };
    });
  }

  /** Indexes the configured roots. One run at a time: a call while a full run is under way joins it. */
  reindex(_request: Parsed<'reindex'> = {}): Promise<IndexReport> {
    if (this.running && this.runningFull) return this.running;
    return this.schedule(null);
  }

  /** Indexes only these paths (files or folders inside the roots): what the watcher saw change. Not a door's method. */
  reindexPaths(paths: string[]): Promise<IndexReport> {
    return this.schedule(paths);
  }

  /** Drops roots from the index (their files are not touched); returns how many files left the index. Not a door's method. */
  async forgetRoots(roots: string[]): Promise<number> {
    this.assertWritable();
    const { relinkAll } = await import('./graph/relink.ts');
    return writeTransaction(this.db, () => {
      let removed = 0;
      for (const root of roots) {
        const row = this.db.prepare(`SELECT id, (SELECT count(*) FROM files WHERE root_id = roots.id) AS n FROM roots WHERE path = ?`).get(path.resolve(root)) as { id: number; n: number } | undefined;
        if (!row) throw new BadRequest(`${root} is not a root of this index; its roots are: ${(this.db.prepare(`SELECT path FROM roots`).all() as { path: string }[]).map((r) => r.path).join(', ') || 'none'}`);
        this.db.prepare(`DELETE FROM roots WHERE id = ?`).run(row.id);
        removed += row.n;
      }
      relinkAll(this.db);
      return removed;
    });
  }

  /**
   * Runs one after another, in the order asked; `paths` null is a full run. Paths asked for while
   * a run is under way join the run queued after it (if it is a run of paths): eight writers then
   * pay for one run of eight pages, not eight runs, and each is still answered only once its page
   * is indexed.
   */
  private schedule(paths: string[] | null): Promise<IndexReport> {
    if (paths && this.queued) {
      for (const p of paths) this.queued.paths.add(p);
      return this.queued.run;
    }
    const before = this.running ?? Promise.resolve();
    const batch = paths ? { paths: new Set(paths), run: null as unknown as Promise<IndexReport> } : null;
    // a run asked for after a full run goes after it, never into a batch queued before it
    this.queued = batch;
    const next = before
      .catch(() => {})
      // a batch starts only after the I/O callbacks already due: writes whose temp files were
      // flushed meanwhile (write-page.ts flushes them off the loop) land and join it, instead of
      // each starting its own run in the microtask after the last one
      .then(() => batch && new Promise((resolve) => setImmediate(resolve)))
      .then(() => {
        // from here on the batch is under way: paths asked for now wait for the next run
        if (this.queued === batch) this.queued = null;
        return this.guard(() => this.runCatchingUp(batch ? [...batch.paths] : null));
      });
    if (batch) batch.run = next;
    this.running = next;
    this.runningFull = paths === null;
    const settle = () => {
      if (this.running !== next) return;
      this.running = null;
      this.indexing = null;
    };
    next.then(settle, settle);
    return next;
  }

  /** A run of some paths takes along the pages left behind (a full run covers them anyway); if it fails, they wait for the next. */
  private async runCatchingUp(paths: string[] | null): Promise<IndexReport> {
    const behind = [...this.behind];
    this.behind.clear();
    try {
      return await this.run(paths && [...paths, ...behind]);
    } catch (err) {
      for (const p of behind) this.behind.add(p);
      throw err;
    }
  }

  private async run(paths: string[] | null): Promise<IndexReport> {
    this.assertWritable();
    const emit = (p: IndexProgress) => {
      this.indexing = p;
      this.events.emit('indexProgress', p);
    };
    // the latest progress, carried into the model and embedding phases
    const at: { last: IndexProgress | null } = { last: null };
    const { indexRoots } = await indexerModule();
    // a run of a few paths derives only what they can have changed; the pages around them are
    // asked before it too (a deleted page, a source that goes, points at nothing afterwards)
    const { pagesNear, unionScope } = await staleScopeModule();
    const nearBefore = paths ? pagesNear(this.db, paths) : null;
    const { report, runId } = await indexRoots(this.db, {
      // a write may land in any root of the index (a command given only --db has the default roots)
      roots: paths ? this.writableRoots().filter((r) => paths.some((p) => p === r || p.startsWith(r + path.sep))) : this.settings.roots,
      paths: paths ?? undefined,
      ignorePatterns: this.settings.ignorePatterns,
      maxFileBytes: this.settings.maxFileBytes,
      conceptAliases: this.settings.conceptAliases,
      onProgress: (p) => emit((at.last = p)),
    });
    try {
      await this.refreshStaleness(paths && nearBefore ? unionScope(nearBefore, pagesNear(this.db, paths)) : null);
      if (!paths || (await this.registryMayChange(paths))) await this.refreshRegistry();
      await this.refreshSemantic(report, at, emit, paths === null);
      await finishRun(this.db, runId, report);
    } catch (err) {
      await failRun(this.db, runId).catch(() => {});
      throw err;
    }
    if (at.last) emit({ ...at.last, phase: 'done' });
    this.events.emit('pagesChanged', report);
    return report;
  }

  /** The skill registry, derived from the registry files, manifests and decisions (skills/refresh.ts). */
  private async refreshRegistry(): Promise<void> {
    const { gatherRegistry, writeRegistry } = await registryModule();
    const gathered = gatherRegistry(this.db, this.settings.skills);
    await writeTransaction(this.db, () => writeRegistry(this.db, gathered));
  }

  /** Whether indexing these paths can have changed the registry (skills/refresh.ts). */
  private async registryMayChange(paths: string[]): Promise<boolean> {
    const { registryMayChange } = await registryModule();
    return registryMayChange(this.db, this.settings.skills, paths);
  }

  async skills(r: Parsed<'skills'>): Promise<Response<'skills'>> {
    const { listAgents, listProblems, listRegistrations } = await import('./skills/lookup.ts');
    return this.guard(() => ({ registrations: listRegistrations(this.db, r), agents: listAgents(this.db), categories: this.settings.skills.categories, problems: listProblems(this.db) }));
  }

  async expert(r: Parsed<'expert'>): Promise<Response<'expert'>> {
    const { findExperts } = await import('./skills/lookup.ts');
    // free text falls back to hybrid search over the experts' pages; the model loads only then
    const searchPages = async (q: string) => {
      if (!this.semantic.embedder) await this.loadModel();
      // a page one link from a match is not evidence of the skill: text lanes only
      const found = await this.search({ query: q, mode: 'hybrid', k: 50, filters: {}, weights: { graph: 0 } });
      const ids = this.db.prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id WHERE r.path = ? AND f.rel_path = ?`);
      return found.results.map((x) => ids.pluck().get(x.root, x.path) as number).filter((id) => id !== undefined);
    };
    return this.guard(() => findExperts(this.db, r.domain, r.limit, searchPages));
  }

  /** Recall and expert answers are recorded (outcome events), so they need a writable index. */
  async knowledgeRecall(r: Parsed<'knowledgeRecall'>): Promise<Response<'knowledgeRecall'>> {
    this.assertWritable();
    const { recallByRole } = await import('./recall/recall.ts');
    const { recordQuery } = await import('./recall/events.ts');
    const filters = (tier: Tier) => ({ tier: [tier], ...(r.agent ? { agent: r.agent } : {}) });
    const { tiers, results } = await recallByRole(r, (tier) => this.search({ query: r.query, mode: 'hybrid', k: r.k, filters: filters(tier) }));
    const queryId = await this.guard(() => recordQuery(this.db, { kind: 'recall', query: r.query, agent: r.agent ?? null, sessionId: null, returned: results.map((x) => x.key) }));
    return { queryId, query: r.query, role: r.role, tiers, results };
  }

  async knowledgeExpert(r: Parsed<'knowledgeExpert'>): Promise<Response<'knowledgeExpert'>> {
    this.assertWritable();
    const { knowledgeExpert } = await import('./recall/knowledge-expert.ts');
    const reflections = (domain: string, since: string, k: number, pathPrefix: string | undefined) =>
      this.search({ query: domain, mode: 'hybrid', k, filters: { tier: ['reflection'], updatedAfter: since, ...(pathPrefix ? { pathPrefix } : {}), ...(r.agent ? { agent: r.agent } : {}) } });
    return this.guard(() => knowledgeExpert({ db: this.db, experts: (domain, limit) => this.expert({ domain, limit }), reflections }, r));
  }

  async recordOutcome(r: Parsed<'recordOutcome'>): Promise<Response<'recordOutcome'>> {
    this.assertWritable();
    const { recordOutcome } = await import('./recall/events.ts');
    return this.guard(() => recordOutcome(this.db, r));
  }

  async queryOutcomes(r: Parsed<'queryOutcomes'>): Promise<Response<'queryOutcomes'>> {
    const { queryOutcomes } = await import('./recall/events.ts');
    return this.guard(() => queryOutcomes(this.db, r));
  }

  async decideSkill(r: Parsed<'decideSkill'>): Promise<Response<'decideSkill'>> {
    this.assertWritable();
    const { decideClaim } = await import('./skills/decide.ts');
    await this.guard(() => decideClaim(this.db, r));
    await this.refreshRegistry();
    return this.registration(r.id);
  }

  async registerSkill(r: Parsed<'registerSkill'>): Promise<Response<'registerSkill'>> {
    this.assertWritable();
    const { registerClaim } = await import('./skills/decide.ts');
    const { skillSlug } = await import('./skills/slug.ts');
    const file = await this.guard(() => registerClaim(this.db, this.settings.skills, r));
    // the registry file is a file of the wiki: indexing it refreshes the registry
    await this.reindexPaths([file]);
    const row = this.db.prepare(`SELECT id FROM registrations WHERE agent = ? AND skill = ? AND tier = 'explicit'`).pluck().get(r.agent, skillSlug(r.skill)) as number | undefined;
    if (row === undefined) throw new Error(`the claim was written but the registry did not pick it up; see \`cairn skills\` for problems`);
    return this.registration(row);
  }

  private async registration(id: number) {
    const { listRegistrations } = await import('./skills/lookup.ts');
    const [one] = listRegistrations(this.db, { id });
    if (!one) throw new NotFound(`no registration ${id}`);
    return one;
  }

  /** Derived from pages, links and the disk, so recomputed after every run (a crash before it only
   * delays it): for the pages near the paths of a run and those the age rule reached since, or all
   * (null, a full run: sources outside the wiki change with no write, and are caught up then). */
  private async refreshStaleness(near: readonly number[] | null): Promise<void> {
    const { agedUnrecorded, findStale, recordStale } = await stalenessModule();
    const now = new Date();
    const scope = near && [...near, ...agedUnrecorded(this.db, now, this.settings.staleAfterDays)];
    if (scope?.length === 0) return;
    const stale = await findStale(this.db, { now, staleAfterDays: this.settings.staleAfterDays, scope });
    await writeTransaction(this.db, () => recordStale(this.db, stale, now, scope));
  }

  async stalePages(_request: Parsed<'stalePages'>): Promise<Response<'stalePages'>> {
    const { stalePages } = await stalenessModule();
    return this.guard(() => ({ pages: stalePages(this.db) }));
  }

  async sourceChanges(r: Parsed<'sourceChanges'>): Promise<Response<'sourceChanges'>> {
    const { sourceChanges } = await import('./curation/source-changes.ts');
    return this.guard(() => sourceChanges(this.db, r.key, r.agent ?? null));
  }

  /** `full`: a run of the whole roots, the only kind that may rebuild the adaptive model (SemanticIndex.refresh says why). */
  private async refreshSemantic(report: IndexReport, at: { last: IndexProgress | null }, emit: (p: IndexProgress) => void, full: boolean): Promise<void> {
    const before = Date.now();
    const changed = report.indexed > 0 || report.removed > 0;
    if (changed || !this.semantic.isCurrent()) await this.semantic.refresh(changed, (e) => {
      if (!at.last) return;
      at.last = { ...at.last, phase: e.phase, chunksToEmbed: e.phase === 'embed' ? e.total : 0, chunksEmbedded: e.phase === 'embed' ? e.done : 0, note: e.note };
      if (e.phase === 'embed') report.embedded = e.computed ?? e.done;
      if (e.phase !== 'embed') report.modelNote = e.note;
      emit(at.last);
    }, full);
    report.model = this.semantic.embedder?.info.id ?? null;
    report.modelNote ??= this.semantic.unavailable;
    report.semanticMs = Date.now() - before;
  }

  /** An agent replacing a page's body must name the version it read; a person need not (see write-page.ts). */
  async writePage(r: Parsed<'writePage'>, caller: Caller = PERSON): Promise<Response<'writePage'>> {
    return this.write({ key: r.key, agent: r.agent ?? null, root: r.root, path: r.path, fields: r.frontmatter ?? {}, body: r.body, actor: r.actor, baseHash: r.baseHash, baseRequired: caller.kind === 'agent', action: 'write' });
  }

  async reviewPage(r: Parsed<'reviewPage'>): Promise<Response<'reviewPage'>> {
    return this.write({ key: r.key, agent: r.agent ?? null, fields: { reviewed: today() }, actor: r.actor, baseHash: r.baseHash, action: 'review' });
  }

  async archivePage(r: Parsed<'archivePage'>): Promise<Response<'archivePage'>> {
    return this.write({ key: r.key, agent: r.agent ?? null, fields: { archived_since: today() }, actor: r.actor, baseHash: r.baseHash, action: 'archive' });
  }

  /** Plans in the module; writes each reflection, then archives its notes, through the one write path. */
  async consolidate(r: Parsed<'consolidate'>): Promise<Response<'consolidate'>> {
    const { planConsolidation } = await import('./curation/consolidate.ts');
    if (!r.dryRun) this.assertWritable();
    const plan = await this.guard(() => planConsolidation(this.db, { olderThanDays: r.olderThanDays, today: today() }));
    const groups: Response<'consolidate'>['groups'] = [];
    for (const g of plan.groups) {
      const out = { concepts: g.concepts, key: g.key, agent: g.agent, title: g.title, tags: g.tags, links: g.links, notes: g.notes.map(({ key, agent, path, date }) => ({ key, agent, path, date })), sentences: g.sentences, body: g.body, written: null as WriteResult | null, archived: [] as WriteResult[] };
      groups.push(out);
      if (r.dryRun) continue;
      const fields = { title: g.title, tier: 'reflection', tags: g.tags, updated: today() };
      out.written = await this.write({ key: g.key, agent: g.agent, root: g.root, fields, body: g.body, actor: r.actor, baseHash: null, action: 'write', detail: `consolidated ${g.notes.length} notes` });
      for (const n of g.notes) {
        out.archived.push(await this.write({ key: n.key, agent: n.agent, fields: { archived_since: today() }, actor: r.actor, action: 'archive', detail: `consolidated into ${g.key}` }));
      }
    }
    return { cutoff: plan.cutoff, dryRun: r.dryRun, groups, skipped: plan.skipped };
  }

  async audit(r: Parsed<'audit'>): Promise<Response<'audit'>> {
    return this.guard(() => ({ entries: readAudit(this.db, r) }));
  }

  async fixLink(r: Parsed<'fixLink'>): Promise<Response<'fixLink'>> {
    const { planFix } = await import('./curation/link-fix.ts');
    const plan = await this.guard(() => planFix(this.db, r));
    if (r.dryRun) return { changes: [plan.change], applied: false, auditId: null };
    const result = await this.write({ ...plan.write, actor: r.actor });
    return { changes: [plan.change], applied: true, auditId: result.auditId };
  }

  async suggestTargets(r: Parsed<'suggestTargets'>): Promise<Response<'suggestTargets'>> {
    const { targetSuggester } = await import('./curation/suggest.ts');
    return this.guard(() => {
      const suggest = targetSuggester(this.db, r.agent ?? null);
      return { suggestions: r.targets.map((target) => ({ target, pages: suggest(target, r.limit) })) };
    });
  }

  async undo(r: Parsed<'undo'>): Promise<Response<'undo'>> {
    this.assertWritable();
    const { undoWrite } = await import('./curation/undo.ts');
    const result = await this.guard(() => undoWrite(this.db, this.writableRoots(), r.id, r.actor));
    const notice = await this.indexLanded(path.join(result.root, result.path));
    return notice ? { ...result, notice } : result;
  }

  /** Every write goes here: validated and logged by writePage, then the page is indexed at once. */
  private async write(input: WriteInput): Promise<WriteResult & { notice?: string }> {
    this.assertWritable();
    const { writePage } = await writePageModule();
    const result = await this.guard(() => writePage(this.db, this.writableRoots(), input, this.settings.maxFileBytes));
    const notice = await this.indexLanded(path.join(result.root, result.path));
    return notice ? { ...result, notice } : result;
  }

  /**
   * Indexes a page whose file is in place and whose audit entry is committed: the write has
   * happened, so what fails now is the index falling behind, not the write (an agent told the
   * write failed would write it again). The page waits for the next run; a notice says so.
   */
  private async indexLanded(file: string): Promise<string | null> {
    try {
      await this.reindexPaths([file]);
      return null;
    } catch (err) {
      this.behind.add(file);
      return `written, but indexing it did not finish (${(err as Error).message}); the next indexing run retries it: do not write it again`;
    }
  }

  /** Every root in the index was chosen by a person (the command line, CAIRN_ROOTS, the config), never by a request. */
  private writableRoots(): string[] {
    const indexed = this.db.prepare(`SELECT path FROM roots`).pluck().all() as string[];
    return [...new Set([...this.settings.roots, ...indexed])];
  }

  private assertWritable(): void {
    if (this.db.readonly) throw new CairnError('read-only', `the index database ${this.settings.db} is read-only: search, links and pages work, but indexing needs write access to it and its folder`);
  }

  /** A damaged index file is named, with what to do about it, whichever method ran into it. */
  private async guard<T>(work: () => T | Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw explainDbError(this.settings.db, err);
    }
  }

  async search(r: Parsed<'search'>): Promise<Response<'search'>> {
    const deps = { db: this.db, semantic: this.semantic, defaults: this.fusionDefaults() };
    return this.guard(async () => ({ ...(await (this.readers ? this.readers.search(deps, r) : search(deps, r))), index: this.notice() }));
  }

  async getPage(r: Parsed<'getPage'>): Promise<Response<'getPage'>> {
    return this.guard(async () => {
      try {
        return { ...(await (this.readers ? this.readers.getPage(this.db, r) : pageView(this.db, r.key, r.agent ?? null))), index: this.notice() };
      } catch (err) {
        // while the first index runs, "not found" may only mean "not indexed yet"
        const notice = err instanceof NotFound ? this.notice() : null;
        throw notice ? new NotFound(`${err instanceof Error ? err.message : String(err)} (${notice.message})`) : err;
      }
    });
  }

  /** What readers are told about the index they read: being built, or left half done by a run that died. */
  private notice(): IndexNotice | null {
    return readersNotice(this.db, this.indexing);
  }

  async attachment(r: Parsed<'attachment'>): Promise<Response<'attachment'>> {
    return this.guard(() => readAttachment(this.db, r.root, r.path));
  }

  async graph(r: Parsed<'graph'>): Promise<Response<'graph'>> {
    const around = r.around ? { key: r.around.key, agent: r.around.agent ?? null } : null;
    const { referenceGraph } = await import('./graph/reference-graph.ts');
    return this.guard(() => referenceGraph(this.db, { around, depth: r.depth, limit: r.limit, concepts: r.concepts }));
  }

  async recall(r: Parsed<'recall'>): Promise<Response<'recall'>> {
    const { recallWalk, seedPages } = await import('./graph/recall-walk.ts');
    // the walk reaches linked pages itself, showing each step: its seeds are the text lanes' hits
    const filters = 'query' in r.seed && r.seed.agent ? { agent: r.seed.agent } : {};
    const hits = 'query' in r.seed ? (await this.search(parseRequest('search', { query: r.seed.query, k: 3, weights: { graph: 0 }, filters }))).results : [];
    return this.guard(() => recallWalk(this.db, { ...seedPages(this.db, r.seed, hits), hops: r.hops, limit: r.limit }));
  }

  async concepts(r: Parsed<'concepts'>): Promise<Response<'concepts'>> {
    const { listConcepts } = await import('./concepts/list.ts');
    return this.guard(() => listConcepts(this.db, r.query ?? null, r.limit));
  }

  async links({ kind }: Parsed<'links'>): Promise<Response<'links'>> {
    if (kind === 'orphans') return this.guard(() => ({ findings: [], orphans: orphanPages(this.db), index: this.notice() }));
    const reasons = kind === 'dangling' ? ['missing-page' as const] : kind === 'anchors' ? ['missing-anchor' as const] : ['missing-page' as const, 'missing-anchor' as const];
    return this.guard(() => ({ findings: brokenLinks(this.db, reasons), orphans: [], index: this.notice() }));
  }
}

/** The local date, as `reviewed` and `archived_since` hold it. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

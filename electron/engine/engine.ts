// The engine behind every door: owns the database, runs indexing, answers the contract.
// Plain Node: it never imports electron, so the CLI, the server and the tests run it as is.
import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { CairnApi, Request, Response } from '../../shared/contract.ts';
import { parseRequest } from '../../shared/contract.ts';
import type { IndexProgress, IndexReport } from '../../shared/indexing.ts';
import type { FusionDefaults } from '../../shared/search.ts';
import { HUB_CACHE, SHIPPED_MODEL, type Settings } from './config/settings.ts';
import { indexRoots } from './ingest/indexer.ts';
import { countIndex } from './ingest/counts.ts';
import { lastRun, recordRun } from './ingest/runs.ts';
import { brokenLinks, orphanPages } from './graph/findings.ts';
import { pageView } from './graph/page-view.ts';
import { openDatabase, type Db } from './store/database.ts';
import { search } from './search/search.ts';
import { SemanticIndex, type ModelSetting } from './embed/semantic-index.ts';

/** Without a model only lexical and token run; measured by `cairn eval` on SciFact train (README). */
export const NO_MODEL_DEFAULTS: FusionDefaults = { fusion: 'rrf', weights: { lexical: 1, semantic: 1, token: 0.1 }, rrfK: 60 };

export interface EngineEvents {
  indexProgress: [IndexProgress];
  pagesChanged: [IndexReport];
}

export class Engine implements CairnApi {
  readonly events = new EventEmitter<EngineEvents>();
  readonly semantic: SemanticIndex;
  private indexing: IndexProgress | null = null;
  private running: Promise<IndexReport> | null = null;

  private constructor(
    readonly db: Db,
    readonly settings: Settings,
  ) {
    const m = settings.model;
    const model: ModelSetting = m === 'adaptive' || m === 'none' ? m : m.startsWith('hub:') ? { hub: m.slice(4) } : { dir: m };
    const models = path.join(path.dirname(settings.db), `${path.basename(settings.db)}.models`);
    this.semantic = new SemanticIndex(db, model, { models, general: SHIPPED_MODEL, hubCache: HUB_CACHE });
  }

  static open(settings: Settings): Engine {
    return new Engine(openDatabase(settings.db), settings);
  }

  close(): void {
    void this.semantic.embedder?.dispose();
    this.db.close();
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

  /** True until the first indexing run has been recorded in this database. */
  isEmpty(): boolean {
    return !this.db.prepare(`SELECT 1 FROM runs LIMIT 1`).get();
  }

  async status(): Promise<Response<'status'>> {
    return { roots: this.settings.roots, db: this.settings.db, ...countIndex(this.db), lastRun: lastRun(this.db), indexing: this.indexing };
  }

  /** One run at a time: a second call while indexing joins the run under way. */
  reindex(request: Request<'reindex'> = {}): Promise<IndexReport> {
    const { roots } = parseRequest('reindex', request);
    if (this.running) return this.running;
    this.running = this.run(roots ?? this.settings.roots).finally(() => {
      this.running = null;
      this.indexing = null;
    });
    return this.running;
  }

  private async run(roots: string[]): Promise<IndexReport> {
    const emit = (p: IndexProgress) => {
      this.indexing = p;
      this.events.emit('indexProgress', p);
    };
    // the latest progress, carried into the model and embedding phases
    const at: { last: IndexProgress | null } = { last: null };
    const report = await indexRoots(this.db, {
      roots,
      ignorePatterns: this.settings.ignorePatterns,
      maxFileBytes: this.settings.maxFileBytes,
      onProgress: (p) => emit((at.last = p)),
    });
    const before = Date.now();
    const changed = report.indexed > 0 || report.removed > 0;
    if (changed || !this.semantic.isCurrent()) await this.semantic.refresh(changed, (e) => {
      if (!at.last) return;
      at.last = { ...at.last, phase: e.phase, chunksToEmbed: e.phase === 'embed' ? e.total : 0, chunksEmbedded: e.phase === 'embed' ? e.done : 0, note: e.note };
      if (e.phase === 'embed') report.embedded = e.computed ?? e.done;
      if (e.phase !== 'embed') report.modelNote = e.note;
      emit(at.last);
    });
    report.model = this.semantic.embedder?.info.id ?? null;
    report.modelNote ??= this.semantic.unavailable;
    report.semanticMs = Date.now() - before;
    recordRun(this.db, report);
    if (at.last) emit({ ...at.last, phase: 'done' });
    this.events.emit('pagesChanged', report);
    return report;
  }

  async search(request: Request<'search'>): Promise<Response<'search'>> {
    return search({ db: this.db, semantic: this.semantic, defaults: this.fusionDefaults() }, request);
  }

  async getPage(request: Request<'getPage'>): Promise<Response<'getPage'>> {
    const { key, agent } = parseRequest('getPage', request);
    return pageView(this.db, key, agent ?? null);
  }

  async links(request: Request<'links'>): Promise<Response<'links'>> {
    const { kind } = parseRequest('links', request);
    if (kind === 'orphans') return { findings: [], orphans: orphanPages(this.db) };
    const reasons = kind === 'dangling' ? ['missing-page' as const] : kind === 'anchors' ? ['missing-anchor' as const] : ['missing-page' as const, 'missing-anchor' as const];
    return { findings: brokenLinks(this.db, reasons), orphans: [] };
  }
}

// The engine behind every door: owns the database, runs indexing, answers the contract.
// Plain Node: it never imports electron, so the CLI, the server and the tests run it as is.
import { EventEmitter } from 'node:events';
import type { CairnApi, Request, Response } from '../../shared/contract.ts';
import { parseRequest } from '../../shared/contract.ts';
import type { IndexProgress, IndexReport } from '../../shared/indexing.ts';
import type { Settings } from './config/settings.ts';
import { indexRoots } from './ingest/indexer.ts';
import { countIndex } from './ingest/counts.ts';
import { brokenLinks, orphanPages } from './graph/findings.ts';
import { pageView } from './graph/page-view.ts';
import { openDatabase, type Db } from './store/database.ts';
import { search } from './search/search.ts';
import type { SemanticSource } from './search/semantic.ts';
import { VectorStore } from './embed/vector-store.ts';
import type { FusionDefaults } from '../../shared/search.ts';

/** Without a model only lexical and token run; these weights were measured for that case by `cairn eval`. */
export const NO_MODEL_DEFAULTS: FusionDefaults = { fusion: 'rrf', weights: { lexical: 1.5, semantic: 2, token: 0.75 }, rrfK: 60 };

export interface EngineEvents {
  indexProgress: [IndexProgress];
  pagesChanged: [IndexReport];
}

export class Engine implements CairnApi {
  readonly events = new EventEmitter<EngineEvents>();
  private indexing: IndexProgress | null = null;
  private running: Promise<IndexReport> | null = null;
  readonly semantic: SemanticSource;

  private constructor(
    readonly db: Db,
    readonly settings: Settings,
  ) {
    this.semantic = { embedder: null, unavailable: 'no embedding model configured', vectors: new VectorStore(db) };
  }

  /** Loads the configured embedding model; on failure search goes on without the semantic lane. */
  async loadModel(): Promise<void> {}

  fusionDefaults(): FusionDefaults {
    return this.semantic.embedder?.info.defaults ?? NO_MODEL_DEFAULTS;
  }

  async search(request: Request<'search'>): Promise<Response<'search'>> {
    return search({ db: this.db, semantic: this.semantic, defaults: this.fusionDefaults() }, request);
  }

  static open(settings: Settings): Engine {
    return new Engine(openDatabase(settings.db), settings);
  }

  close(): void {
    this.db.close();
  }

  isIndexing(): boolean {
    return this.running !== null;
  }

  /** True until the first indexing run has been recorded in this database. */
  isEmpty(): boolean {
    return !this.db.prepare(`SELECT 1 FROM runs LIMIT 1`).get();
  }

  async status(): Promise<Response<'status'>> {
    const last = this.db.prepare(`SELECT started_at, finished_at, counts FROM runs ORDER BY id DESC LIMIT 1`).get() as
      | { started_at: string; finished_at: string; counts: string }
      | undefined;
    return {
      roots: this.settings.roots,
      db: this.settings.db,
      ...countIndex(this.db),
      lastRun: last ? { ...(JSON.parse(last.counts) as IndexReport), startedAt: last.started_at, finishedAt: last.finished_at } : null,
      indexing: this.indexing,
    };
  }

  /** One run at a time: a second call while indexing joins the run under way. */
  reindex(request: Request<'reindex'> = {}): Promise<IndexReport> {
    const { roots } = parseRequest('reindex', request);
    if (this.running) return this.running;
    this.running = indexRoots(this.db, {
      roots: roots ?? this.settings.roots,
      ignorePatterns: this.settings.ignorePatterns,
      maxFileBytes: this.settings.maxFileBytes,
      onProgress: (p) => {
        this.indexing = p.phase === 'done' ? null : p;
        this.events.emit('indexProgress', p);
      },
    }).finally(() => {
      this.running = null;
      this.indexing = null;
    });
    return this.running.then((report) => {
      this.events.emit('pagesChanged', report);
      return report;
    });
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

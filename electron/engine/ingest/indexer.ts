// Turns roots of markdown files into the index. Incremental: a file whose size and mtime match
// the index is not read; one whose bytes hash the same is not re-parsed; only changed files
// rewrite their rows. Files are read and parsed outside any transaction, then written in short
// write transactions, so another process sharing the database gets the lock between batches.
// A run touches only its own roots (or only the paths it is given), and relinks only what its
// writes can have changed; runs.ts says how a crash halfway is repaired.
import fs from 'node:fs';
import path from 'node:path';
import type { FileProblem, IndexProgress, IndexReport } from '../../../shared/indexing.ts';
import type { Store } from '../store/store.ts';
import { relinkAll, relinkChanged } from '../graph/relink.ts';
import { refreshConcepts } from './concept-mentions.ts';
import { signatures } from '../concepts/signatures.ts';
import { linkFindings } from '../graph/findings.ts';
import { PageWriter } from './page-writer.ts';
import { beginRun, failRun, markLinked, type RunStart } from './runs.ts';
import { isScopedRoot } from './scope.ts';
import { walkPaths, type WalkedFile } from './walk.ts';
import { sweepStaleTemps, tempsIn } from './temp-files.ts';
import { prepareFile, toWork, type FileWork } from './file-work.ts';
import { PARALLEL_FROM, ParsePool } from './parse-pool.ts';

export interface IndexOptions {
  roots: string[];
  /** Only these absolute paths (files or folders inside the roots) changed: look at nothing else. */
  paths?: string[];
  /** Of `paths`, files read again whatever the index holds of them (a write another server's run
   * took and did not index as it is here: index-runs.ts). */
  reread?: string[];
  ignorePatterns?: string[];
  maxFileBytes: number;
  /** The config's concept aliases (name → concept). */
  conceptAliases?: Record<string, string>;
  onProgress?: (p: IndexProgress) => void;
}

export interface IndexResult {
  runId: number;
  /** Files indexed and removed by the run. */
  indexed: number;
  removed: number;
  /** Reads the run's report (problems, counts, links it broke): what the index holds after it. Its
   * reads are the run's last work, so a write is answered before them (IndexRuns.run). */
  report(): Promise<PagesReport>;
}

/** What the pages' part of a run reports: its time as a whole is the run's to add (IndexRuns.run). */
export type PagesReport = Omit<IndexReport, 'totalMs' | 'phases'>;

/** Files per write transaction: bigger batches let FTS5 flush fewer segments (1000 saved 0.8 s of
 * 10 s on interconnected-10k), smaller ones hold the lock and the event loop for less (500 ≈ 0.35 s here). */
const BATCH = 500;
/** A run that changed more pages than this relinks every link: cheaper than picking them out. */
const FULL_RELINK_PAGES = 2000;
/** A run that broke more links than this (a folder renamed) lists these and counts the rest in `dangling`. */
const MAX_BROKEN_LISTED = 500;

/** A run's progress before it has looked at anything. */
export function progressAtStart(): IndexProgress {
  return { phase: 'scan', root: null, total: 0, seen: 0, indexed: 0, unchanged: 0, skipped: 0, failed: 0, chunksToEmbed: 0, chunksEmbedded: 0, note: null };
}

export async function indexRoots(store: Store, opts: IndexOptions): Promise<IndexResult> {
  const started = performance.now();
  const roots = opts.roots.map((r) => path.resolve(r));
  const progress = progressAtStart();
  const emit = () => opts.onProgress?.({ ...progress });
  emit(); // under way, even while it waits for another process's write lock
  const writer = new PageWriter(store, opts.maxFileBytes);
  const problems: FileProblem[] = [];
  const phases = () => writeAndLink({ store, writer, roots, opts, problems, progress, emit });
  // A run of a few paths (a write, what the watcher saw) is one transaction, from recording the
  // run to relinking: one wait for the lock instead of three, and its pages and links land
  // together (runs.ts: it is never seen running). A full run writes in batches, letting other
  // processes in between them.
  const { run, removed, broke } = opts.paths ? await store.write(phases) : await phases();
  // a full run folds the WAL back into the database once; a run of a few paths (a write) leaves it to
  // SQLite's own passive checkpoints, which wait for no reader
  if (writer.wroteSomething && !opts.paths) await store.checkpoint();
  const ms = Math.round(performance.now() - started);
  // in a read of its own: the next run may be writing by then (on SQLite, on the same connection)
  const report = () => store.read((tx) => readReport(tx, writer, { roots, removed, broke, progress, problems, ms }));
  return { runId: run.id, indexed: progress.indexed, removed, report };
}

/** The report of a run whose writes are done. */
async function readReport(
  store: Store,
  writer: PageWriter,
  r: { roots: string[]; removed: number; broke: number[]; progress: IndexProgress; problems: FileProblem[]; ms: number },
): Promise<PagesReport> {
  // independent reads, sent together
  const [stored, walkProblems, duplicates, counts, brokenByRun] = await Promise.all([
    writer.storedProblems(r.roots),
    store.runs.walkProblems(r.roots),
    writer.duplicateKeyProblems(),
    store.runs.counts(),
    linkFindings(store, r.broke, MAX_BROKEN_LISTED),
  ]);
  const { progress } = r;
  return {
    roots: r.roots,
    ...counts,
    indexed: progress.indexed,
    unchanged: progress.unchanged,
    removed: r.removed,
    skipped: progress.skipped,
    failed: progress.failed,
    problems: dedupeProblems([...r.problems, ...stored, ...walkProblems, ...duplicates]),
    brokenByRun,
    model: null,
    modelNote: null,
    embedded: 0,
    ms: r.ms,
    semanticMs: 0,
  };
}

/** Records the run, writes its pages, then relinks (runs.ts states the invariant). */
async function writeAndLink(r: Omit<RootRun, 'root' | 'only'> & { roots: string[] }): Promise<{ run: RunStart; removed: number; broke: number[] }> {
  const { store, writer, opts, progress, emit } = r;
  const run = await beginRun(store, r.roots);
  try {
    // Checkpointing the WAL every 1000 pages costs a full index more than its writes do: let it grow
    // during the run and fold it back once at the end (waiting for other processes at most the short busy timeout).
    const ingest = () => store.withoutCheckpoints(() => ingestRoots(r));
    const link = async (removed: number) => {
      progress.phase = 'link';
      emit();
      return { run, removed, broke: await relink(store, writer, run, opts.conceptAliases ?? {}, opts.paths) };
    };
    // a run of a few paths (a write) never loads in bulk: see LexicalRepo.bulkLoad
    return await (opts.paths ? ingest().then(link) : store.lexical.bulkLoad(ingest, link));
  } catch (err) {
    // the pages written so far may be ahead of their links: the next run must relink them (in a
    // run that is one transaction, nothing was written: this only lets go of the run)
    await failRun(store, run.id).catch(() => {});
    throw err;
  }
}

/** The page phase over every root; returns how many files left the index. */
async function ingestRoots(r: Omit<RootRun, 'root' | 'only'> & { roots: string[] }): Promise<number> {
  let removed = 0;
  for (const root of r.roots) {
    const only = r.opts.paths ? pathsInside(root, r.opts.paths) : [''];
    if (only.length) removed += await ingestRoot({ ...r, root, only });
  }
  return removed;
}

/** The link phase: in one transaction with marking the run linked (runs.ts states the invariant).
 * Returns the links this run broke; none are named after a repair or a run that rewrote thousands of pages. */
async function relink(store: Store, writer: PageWriter, run: RunStart, conceptAliases: Record<string, string>, paths: string[] | undefined): Promise<number[]> {
  const repair = run.unlinked.length > 0 || (await store.runs.fullRelinkRequested());
  return store.write(async (tx) => {
    // a full run reads the pages' signatures into this process before anything here signs a page
    // (concepts/signatures.ts): else the first write after it reads all of them (~15 ms of its
    // transaction, and of the event loop, on interconnected-10k)
    if (!paths) await signatures(tx.concepts);
    let broke: number[] = [];
    if (repair || writer.changes.pageIds.size > FULL_RELINK_PAGES) await relinkAll(tx);
    // a full run resolves every page's sources again even when no page changed: they lie outside the wiki
    else if (writer.wroteSomething || !paths) broke = await relinkChanged(tx, { ...writer.changes, paths: paths?.map((p) => path.resolve(p)) });
    await refreshConcepts(tx.concepts, { pageIds: writer.changes.pageIds, wrote: writer.wroteSomething, all: repair, aliases: conceptAliases });
    // a statement fewer in every write's transaction when none was asked for
    if (repair) await tx.runs.clearFullRelink();
    await markLinked(tx, run, repair);
    return broke;
  });
}

interface RootRun {
  store: Store;
  writer: PageWriter;
  root: string;
  /** Root-relative paths to look at; [''] is the whole root. */
  only: string[];
  opts: IndexOptions;
  problems: FileProblem[];
  progress: IndexProgress;
  emit: () => void;
}

/** Brings one root's rows up to date with its folder (or with the paths given); returns how many files left the index. */
async function ingestRoot(r: RootRun): Promise<number> {
  const { store, writer, root, only, progress, emit } = r;
  progress.root = root;
  progress.phase = 'scan';
  emit();
  if (!isDirectory(root)) {
    // An unmounted drive or a typo must not empty the index: the root's rows stay as they are.
    r.problems.push({
      root,
      path: '.',
      line: null,
      severity: 'failed',
      reason: 'root folder does not exist or is not a folder; its pages were left in the index as they were',
    });
    progress.failed++;
    return 0;
  }
  const rootId = await writer.root(store, root, isScopedRoot(root));
  const whole = only.includes('');
  // what the index held before the walk: a file another process indexes after it is not ours to remove
  const stored = new Map((await store.runs.filesOf(rootId, whole ? null : only)).map((f) => [f.rel_path, f]));
  const walked = walkPaths(root, whole ? [''] : only, r.opts.ignorePatterns ?? [], r.opts.roots);
  if (whole) await store.write((tx) => tx.runs.replaceWalkProblems(rootId, walked.problems));
  else for (const p of walked.problems) r.problems.push({ root, path: p.relPath, line: null, severity: p.severity, reason: p.reason });
  sweepStaleTemps(whole ? [...walked.temps, ...tempsIn(path.join(root, '.cairn'))] : walked.temps);
  progress.skipped += walked.problems.filter((p) => p.severity === 'skipped').length;
  progress.total += walked.files.length;
  progress.phase = 'index';
  emit();

  const changed: WalkedFile[] = [];
  const reread = new Set(pathsInside(root, r.opts.reread ?? []));
  for (const f of walked.files) {
    const s = stored.get(f.relPath);
    stored.delete(f.relPath);
    if (s && !reread.has(f.relPath) && s.status !== 'failed' && s.mtime_ms === f.mtimeMs && s.size === f.size) {
      progress.seen++;
      progress.unchanged++;
      if (s.status === 'skipped') progress.skipped++;
    } else changed.push(f);
  }
  // the next batch is read and parsed (on the worker, where there is one) while this one is written
  const pool = changed.length >= PARALLEL_FROM ? ParsePool.start() : null;
  const batchAt = (i: number) => (i < changed.length ? prepareBatch(writer, rootId, changed.slice(i, i + BATCH), pool) : null);
  try {
    let next = batchAt(0);
    for (let i = 0; next; i += BATCH) {
      const work = await next;
      next = batchAt(i + BATCH);
      await store.write((tx) =>
        writer.batch(tx, async () => {
          for (const w of work) await w.apply(tx, progress);
        }),
      );
      emit();
    }
  } finally {
    await pool?.close();
  }
  // Whatever the index holds that the walk no longer found was deleted (or is now ignored); a run
  // of a few paths that found them all takes no write lock for it.
  if (stored.size === 0) {
    emit();
    return 0;
  }
  const removed = await store.write(async (tx) => {
    let n = 0;
    for (const gone of stored.values()) {
      // it may have come back since the walk (a checkout, an editor's rename): the next run sees it
      if (!walked.ignores(gone.rel_path) && isFile(path.join(root, gone.rel_path))) continue;
      await writer.deleteFile(tx, gone.id);
      n++;
    }
    return n;
  });
  emit();
  return removed;
}

/** `paths` that lie in `root`, root-relative with POSIX separators ('' when one is the root itself). */
export function pathsInside(root: string, paths: string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    const rel = path.relative(root, path.resolve(p));
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) continue;
    // a changed ignore file changes what belongs to the whole root
    out.add(rel === '' || path.basename(rel) === '.cairnignore' ? '' : rel.split(path.sep).join('/'));
  }
  return out.has('') ? [''] : [...out];
}

/** Reads and parses a batch on the pool's worker, or inline where there is none (or it failed). */
async function prepareBatch(writer: PageWriter, rootId: number, files: WalkedFile[], pool: ParsePool | null): Promise<FileWork[]> {
  const hashes = await writer.storedHashes(
    rootId,
    files.map((f) => f.relPath),
  );
  if (pool) {
    const jobs = files.map((f, i) => ({ absPath: f.absPath, realPath: f.realPath, relPath: f.relPath, size: f.size, storedHash: hashes[i]! }));
    try {
      const outcomes = await pool.parse(jobs, writer.maxFileBytes);
      return files.map((f, i) => toWork(writer, rootId, f, outcomes[i]!));
    } catch {
      // a worker that died (out of memory, killed) leaves the rest of the run to this thread
    }
  }
  const work: FileWork[] = [];
  for (const [i, f] of files.entries()) {
    work.push(prepareFile(writer, rootId, f, hashes[i]!));
    // a server on this thread answers searches between pages, not only between batches
    if (work.length % 20 === 0) await yieldToEventLoop();
  }
  return work;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function dedupeProblems(problems: FileProblem[]): FileProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.root}\0${p.path}\0${p.line}\0${p.reason}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

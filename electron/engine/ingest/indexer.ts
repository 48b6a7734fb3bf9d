// Turns roots of markdown files into the index. Incremental: a file whose size and mtime
// match the index is not read; one whose bytes hash the same is not re-parsed; only changed
// files rewrite their rows, in batched transactions. Links are re-resolved when anything changed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FileProblem, IndexProgress, IndexReport } from '../../../shared/indexing.ts';
import type { Db } from '../store/database.ts';
import { relinkAll } from '../graph/relink.ts';
import { decodePage } from './decode.ts';
import { parsePage } from './parse/page.ts';
import { isMarkdown, isScopedRoot, keyOf, scopeOf } from './scope.ts';
import { errorText, walkRoot, type WalkedFile } from './walk.ts';
import { PageWriter } from './page-writer.ts';
import { countIndex } from './counts.ts';

export interface IndexOptions {
  roots: string[];
  ignorePatterns?: string[];
  maxFileBytes: number;
  onProgress?: (p: IndexProgress) => void;
}

const BATCH = 500;

interface StoredFile {
  id: number;
  rel_path: string;
  mtime_ms: number;
  size: number;
  status: string;
}

export async function indexRoots(db: Db, opts: IndexOptions): Promise<IndexReport> {
  const started = performance.now();
  const roots = opts.roots.map((r) => path.resolve(r));
  const progress: IndexProgress = { phase: 'scan', root: null, total: 0, seen: 0, indexed: 0, unchanged: 0, skipped: 0, failed: 0, chunksToEmbed: 0, chunksEmbedded: 0, note: null };
  const emit = () => opts.onProgress?.({ ...progress });
  const problems: FileProblem[] = [];
  const writer = new PageWriter(db, opts.maxFileBytes);
  let removed = dropOtherRoots(db, roots);
  // Checkpointing the WAL every 1000 pages costs a full index more than its writes do; let the WAL
  // grow during the run and fold it back once at the end.
  const autoCheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  try {
    for (const root of roots) removed += await ingestRoot({ db, writer, root, opts, problems, progress, emit });
  } finally {
    db.pragma(`wal_autocheckpoint = ${autoCheckpoint}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
  for (const p of writer.storedProblems(roots)) problems.push(p);
  const changedAnything = progress.indexed > 0 || removed > 0 || progress.failed > 0 || writer.wroteSomething;
  progress.phase = 'link';
  emit();
  if (changedAnything) relinkAll(db);
  writer.recordDuplicateKeys(problems);

  const counts = countIndex(db);
  const report: IndexReport = {
    roots,
    ...counts,
    indexed: progress.indexed,
    unchanged: progress.unchanged,
    removed,
    skipped: progress.skipped,
    failed: progress.failed,
    problems: dedupeProblems(problems),
    model: null,
    modelNote: null,
    embedded: 0,
    ms: Math.round(performance.now() - started),
    semanticMs: 0,
  };
  return report;
}

interface RootRun {
  db: Db;
  writer: PageWriter;
  root: string;
  opts: IndexOptions;
  problems: FileProblem[];
  progress: IndexProgress;
  emit: () => void;
}

/** Brings one root's rows up to date with its folder; returns how many files left the index. */
async function ingestRoot({ db, writer, root, opts, problems, progress, emit }: RootRun): Promise<number> {
  progress.root = root;
  progress.phase = 'scan';
  emit();
  if (!isDirectory(root)) {
    problems.push({ root, path: '.', line: null, severity: 'failed', reason: 'root folder does not exist or is not a folder' });
    progress.failed++;
    return 0;
  }
  const rootId = writer.upsertRoot(root, isScopedRoot(root));
  const walked = walkRoot(root, opts.ignorePatterns ?? []);
  for (const p of walked.problems) problems.push({ root, path: p.relPath, line: null, severity: 'skipped', reason: p.reason });
  progress.skipped += walked.problems.length;
  progress.total += walked.files.length;
  progress.phase = 'index';
  emit();

  const stored = new Map((db.prepare(`SELECT id, rel_path, mtime_ms, size, status FROM files WHERE root_id = ?`).all(rootId) as StoredFile[]).map((f) => [f.rel_path, f]));
  const changed: WalkedFile[] = [];
  for (const f of walked.files) {
    const s = stored.get(f.relPath);
    stored.delete(f.relPath);
    if (s && s.status !== 'failed' && s.mtime_ms === f.mtimeMs && s.size === f.size) {
      progress.seen++;
      progress.unchanged++;
      if (s.status === 'skipped') progress.skipped++;
    } else changed.push(f);
  }
  for (let i = 0; i < changed.length; i += BATCH) {
    db.transaction(() => {
      for (const f of changed.slice(i, i + BATCH)) ingestFile(writer, rootId, f, progress);
    })();
    emit();
    await yieldToEventLoop();
  }
  // Whatever the index holds that the walk no longer found was deleted (or is now ignored).
  db.transaction(() => {
    for (const gone of stored.values()) writer.deleteFile(gone.id);
  })();
  emit();
  return stored.size;
}

function ingestFile(writer: PageWriter, rootId: number, f: WalkedFile, progress: IndexProgress): void {
  progress.seen++;
  if (!isMarkdown(f.relPath)) {
    writer.upsertFile(rootId, f, 'attachment', null);
    return;
  }
  const bytes = readPage(writer, rootId, f, progress);
  if (!bytes) return;
  const decoded = decodePage(bytes);
  if (!decoded.ok) {
    writer.upsertFile(rootId, f, 'skipped', decoded.reason);
    progress.skipped++;
    return;
  }
  const hash = crypto.createHash('sha1').update(bytes).digest('hex');
  if (writer.sameContent(rootId, f, hash)) {
    progress.unchanged++;
    return;
  }
  const key = keyOf(f.relPath);
  const parsed = parsePage(key, f.relPath, decoded.text);
  writer.writePage(rootId, f, { key, scope: scopeOf(f.relPath, writer.isScoped(rootId)), parsed, hash, decodeWarning: decoded.warning });
  progress.indexed++;
}

/** The file's bytes, or null when it is too large to read or cannot be read (recorded either way). */
function readPage(writer: PageWriter, rootId: number, f: WalkedFile, progress: IndexProgress): Buffer | null {
  if (f.size > writer.maxFileBytes) {
    const reason = `too large: ${(f.size / 1048576).toFixed(1)} MB is over the ${(writer.maxFileBytes / 1048576).toFixed(1)} MB limit (maxFileBytes in the config)`;
    writer.upsertFile(rootId, f, 'skipped', reason);
    progress.skipped++;
    return null;
  }
  try {
    return fs.readFileSync(f.absPath);
  } catch (err) {
    writer.upsertFile(rootId, f, 'failed', `unreadable: ${errorText(err)}`);
    progress.failed++;
    return null;
  }
}

/** Between batches, so a server or window on the same thread stays responsive while indexing. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function dropOtherRoots(db: Db, roots: string[]): number {
  const others = (db.prepare(`SELECT id, path FROM roots`).all() as { id: number; path: string }[]).filter((r) => !roots.includes(r.path));
  let removed = 0;
  for (const r of others) {
    removed += (db.prepare(`SELECT count(*) AS n FROM files WHERE root_id = ?`).get(r.id) as { n: number }).n;
    db.prepare(`DELETE FROM roots WHERE id = ?`).run(r.id);
  }
  return removed;
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

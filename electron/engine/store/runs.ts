// Indexing runs, roots, files, walk problems, counts, stale records.
// The interface both stores share, written once (common/runs.ts); asynchronous, so a store over
// the network fits (ARCHITECTURE.md).
import type { FileProblem, IndexReport } from '../../../shared/indexing.ts';

export type RunState = 'running' | 'unlinked' | 'linked' | 'done' | 'abandoned';

/** A run not yet done, with the process that started it (a pid and that process's start identity). */
export interface OpenRun {
  id: number;
  state: RunState;
  pid: number | null;
  process: string | null;
  /** Whether its process still runs it, where the store can tell for every machine sharing it
   * (PostgreSQL: postgres/run-locks.ts); absent where only the machine that started it can tell, by its pid and process. */
  alive?: boolean;
}

export type FileStatus = 'indexed' | 'skipped' | 'failed' | 'attachment';

/** A file as the index last saw it. */
export interface StoredFile {
  id: number;
  rel_path: string;
  mtime_ms: number;
  size: number;
  status: string;
}

/** A file as a run found it (root-relative POSIX path, its stat, what became of it). */
export interface FileRecord {
  relPath: string;
  mtimeMs: number;
  size: number;
  status: FileStatus;
  /** Why it was skipped or failed, or its page's warnings, one a line. */
  reason: string | null;
}

/** A problem of a folder (unreadable, a symlink loop), by its root-relative path. */
export interface FolderProblem {
  relPath: string;
  severity: FileProblem['severity'];
  reason: string;
}

/** A file the index remembers a problem of: its status and reason, its page's frontmatter error. */
export interface FileProblemRow {
  root: string;
  path: string;
  status: FileStatus;
  reason: string | null;
  fm_error: string | null;
  fm_error_line: number | null;
}

export interface IndexCounts {
  pages: number;
  chunks: number;
  links: number;
  dangling: number;
  brokenAnchors: number;
}

export interface RunRepo {
  // the log of runs (ingest/runs.ts states the invariant they keep)
  /** Runs that may still write pages or have not relinked: 'running' and 'unlinked'; with `linked`, also those still embedding. */
  open(withLinked: boolean): Promise<OpenRun[]>;
  /** Records a run as started by this process; returns its id. */
  start(roots: string[], at: string, pid: number, process: string | null): Promise<number>;
  /** Runs that died after relinking: nothing to repair, they are just over. */
  abandon(ids: readonly number[], at: string): Promise<void>;
  /** The run has relinked; so have the runs it repaired (those still 'running' or 'unlinked' become 'abandoned'). */
  markLinked(id: number, repaired: readonly number[], at: string): Promise<void>;
  finish(id: number, report: IndexReport, at: string): Promise<void>;
  /** This process no longer runs it (finished, failed or gave up), whether or not that could be
   * written: a store that tells which runs live (`OpenRun.alive`) stops counting it as alive. */
  ended(id: number): Promise<void>;
  /** A run that failed: one that had not relinked is left 'unlinked' for the next to repair. */
  fail(id: number, at: string): Promise<void>;
  /** The report of the last run that finished, with when it ran. */
  lastDone(): Promise<(IndexReport & { startedAt: string; finishedAt: string }) | null>;
  /** Whether a run has ever relinked: the first index is whole. */
  anyLinked(): Promise<boolean>;
  /** Every relink of the next run is a full one (a root changed who sees its pages). */
  requestFullRelink(): Promise<void>;
  fullRelinkRequested(): Promise<boolean>;
  clearFullRelink(): Promise<void>;

  // roots and files
  /** The paths of every root the index holds, in order. */
  rootPaths(): Promise<string[]>;
  /** The root at this path, and whether it is scoped; null when the index has no such root. */
  root(rootPath: string): Promise<{ id: number; scoped: boolean } | null>;
  /** Drops a root and everything indexed under it (its files are not touched); returns how many
   * files left the index, or null when the index has no such root. */
  forgetRoot(rootPath: string): Promise<number | null>;
  /** Adds the root or updates whether it is scoped; `wasScoped` is null for a new root. */
  upsertRoot(rootPath: string, scoped: boolean): Promise<{ id: number; wasScoped: boolean | null }>;
  /** The files of a root: all of them (`under` null), or those at or under these root-relative paths. */
  filesOf(rootId: number, under: readonly string[] | null): Promise<StoredFile[]>;
  /** Writes a file's row; one that is no longer a page ('indexed') loses its page. Returns its id. */
  recordFile(rootId: number, file: FileRecord): Promise<number>;
  /** As recordFile for each of a batch of files (a path given twice is written as given last); returns their ids, in order. */
  recordFiles(rootId: number, files: readonly FileRecord[]): Promise<number[]>;
  /** The same bytes as indexed: only the file's stat is refreshed. */
  touchFile(rootId: number, relPath: string, mtimeMs: number, size: number): Promise<void>;
  /** Removes a file and what hangs on it (its page, chunks, links); returns its path, null if it was not there. */
  deleteFile(id: number): Promise<string | null>;
  deleteFileAt(rootId: number, relPath: string): Promise<string | null>;
  /** Files with a reason (skipped, failed, warnings) or whose page has malformed frontmatter, by root and path. */
  fileProblems(): Promise<FileProblemRow[]>;

  // what the last full walk of a root found wrong with its folders
  replaceWalkProblems(rootId: number, problems: readonly FolderProblem[]): Promise<void>;
  walkProblems(roots: readonly string[]): Promise<FileProblem[]>;

  /** What the index holds, for reports and status. */
  counts(): Promise<IndexCounts>;
  /** Pages indexed so far (a reader's notice while the first run writes). */
  pageCount(): Promise<number>;
}

// One changed file, made ready outside any transaction so that the write lock is held only for
// writing its rows, which `apply` does inside the batch's transaction. Reading, decoding, hashing
// and parsing (`readFile`) touch no database, so they can run on a worker thread (parse-pool.ts)
// while this thread writes the batch before; `toWork` turns the outcome into the rows to write.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IndexProgress } from '../../../shared/indexing.ts';
import { decodePage, tooLargeReason } from './decode.ts';
import type { Store } from '../store/store.ts';
import type { PageWriter } from './page-writer.ts';
import { parsePage, type ParsedPage } from './parse/page.ts';
import { conceptNames, type ConceptName } from '../concepts/names.ts';
import { pageTerms } from '../search/terms.ts';
import { isMarkdown, keyOf, scopeOf } from './scope.ts';
import { errorText, type WalkedFile } from './walk.ts';
import { readAtRealPath } from './read-at-real-path.ts';

export interface FileWork {
  /** `tx`: the store of the batch's write transaction. */
  apply(tx: Store, progress: IndexProgress): Promise<void>;
}

/** What reading a file found; plain data, so it can cross from a worker thread. */
export type FileOutcome =
  | { kind: 'attachment' }
  | { kind: 'skipped' | 'failed'; reason: string }
  /** deleted since the walk saw it (an editor's temp file, a checkout): it is simply not there */
  | { kind: 'gone' }
  /** the same bytes as the index holds */
  | { kind: 'same' }
  | { kind: 'page'; key: string; parsed: ParsedPage; names: ConceptName[]; terms: string[]; hash: string; decodeWarning: string | null };

/** `storedHash`: the content hash the index holds for this file, so the same bytes are not parsed again. */
export function readFile(f: Pick<WalkedFile, 'absPath' | 'realPath' | 'relPath' | 'size'>, maxFileBytes: number, storedHash: string | null): FileOutcome {
  if (!isMarkdown(f.relPath)) return { kind: 'attachment' };
  const tooLarge = tooLargeReason(f.size, maxFileBytes);
  if (tooLarge) return { kind: 'skipped', reason: tooLarge };
  let bytes: Buffer | null;
  try {
    bytes = readAtRealPath(f.absPath, f.realPath);
    // a failed file is looked at again by the next run, which walks (and checks) its path afresh
    if (!bytes) return { kind: 'failed', reason: 'a folder or symlink on its path changed while it was read: read again next run' };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(f.absPath)) return { kind: 'gone' };
    return { kind: 'failed', reason: `unreadable: ${errorText(err)}` };
  }
  const decoded = decodePage(bytes);
  if (!decoded.ok) return { kind: 'skipped', reason: decoded.reason };
  const hash = crypto.createHash('sha1').update(bytes).digest('hex');
  if (storedHash === hash) return { kind: 'same' };
  const key = keyOf(f.relPath);
  const parsed = parsePage(key, f.relPath, decoded.text);
  // the concept names and terms too are made here, on the worker where there is one: the thread that writes has no time to spare
  const terms = pageTerms({ key, title: parsed.title, summary: parsed.summary, tags: parsed.tags });
  return { kind: 'page', key, parsed, names: conceptNames(key, parsed), terms, hash, decodeWarning: decoded.warning };
}

/** `storedHash`: as for readFile (PageWriter.storedHashes gives it). */
export function prepareFile(writer: PageWriter, rootId: number, f: WalkedFile, storedHash: string | null): FileWork {
  return toWork(writer, rootId, f, readFile(f, writer.maxFileBytes, storedHash));
}

export function toWork(writer: PageWriter, rootId: number, f: WalkedFile, outcome: FileOutcome): FileWork {
  const record = (status: 'attachment' | 'skipped' | 'failed', reason: string | null): FileWork => ({
    async apply(tx, progress) {
      progress.seen++;
      if (status !== 'attachment') progress[status]++;
      await writer.upsertFile(tx, rootId, f, status, reason);
    },
  });
  switch (outcome.kind) {
    case 'attachment':
      return record('attachment', null);
    case 'skipped':
    case 'failed':
      return record(outcome.kind, outcome.reason);
    case 'gone':
      return { apply: (tx) => writer.forgetFile(tx, rootId, f.relPath) };
    case 'same':
      return {
        async apply(tx, progress) {
          progress.seen++;
          progress.unchanged++;
          if (unchangedSince(f)) await writer.touchFile(tx, rootId, f);
        },
      };
    case 'page':
      return {
        async apply(tx, progress) {
          progress.seen++;
          // Saved again since it was read: these bytes are old, and another run (this process's watcher,
          // or whichever process saw the save) writes the new ones; writing ours could overwrite theirs.
          if (!unchangedSince(f)) return;
          progress.indexed++;
          await writer.writePage(tx, rootId, f, {
            key: outcome.key,
            scope: scopeOf(f.relPath, writer.isScoped(rootId)),
            parsed: outcome.parsed,
            names: outcome.names,
            terms: outcome.terms,
            hash: outcome.hash,
            decodeWarning: outcome.decodeWarning,
          });
        },
      };
  }
}

/** The file is still as the walk saw it (checked inside the write transaction). */
function unchangedSince(f: WalkedFile): boolean {
  try {
    const now = fs.statSync(f.absPath);
    return now.mtimeMs === f.mtimeMs && now.size === f.size;
  } catch {
    return false;
  }
}

// One changed file, made ready outside any transaction (read, decoded, hashed, parsed) so that
// the write lock is held only for writing its rows, which `apply` does inside the batch's
// transaction.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IndexProgress } from '../../../shared/indexing.ts';
import { decodePage } from './decode.ts';
import type { PageWriter } from './page-writer.ts';
import { parsePage } from './parse/page.ts';
import { isMarkdown, keyOf, scopeOf } from './scope.ts';
import { errorText, type WalkedFile } from './walk.ts';

export interface FileWork {
  apply(progress: IndexProgress): void;
}

export function prepareFile(writer: PageWriter, rootId: number, f: WalkedFile): FileWork {
  const record = (status: 'attachment' | 'skipped' | 'failed', reason: string | null): FileWork => ({
    apply(progress) {
      progress.seen++;
      if (status !== 'attachment') progress[status]++;
      writer.upsertFile(rootId, f, status, reason);
    },
  });
  if (!isMarkdown(f.relPath)) return record('attachment', null);
  if (f.size > writer.maxFileBytes) {
    return record('skipped', `too large: ${(f.size / 1048576).toFixed(1)} MB is over the ${(writer.maxFileBytes / 1048576).toFixed(1)} MB limit (maxFileBytes in the config)`);
  }
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(f.absPath);
  } catch (err) {
    // deleted since the walk saw it (an editor's temp file, a checkout): it is simply not there
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(f.absPath)) return { apply: () => writer.forgetFile(rootId, f.relPath) };
    return record('failed', `unreadable: ${errorText(err)}`);
  }
  const decoded = decodePage(bytes);
  if (!decoded.ok) return record('skipped', decoded.reason);
  const hash = crypto.createHash('sha1').update(bytes).digest('hex');
  if (writer.storedHash(rootId, f.relPath) === hash) {
    return {
      apply(progress) {
        progress.seen++;
        progress.unchanged++;
        if (unchangedSince(f)) writer.touchFile(rootId, f);
      },
    };
  }
  const key = keyOf(f.relPath);
  const parsed = parsePage(key, f.relPath, decoded.text);
  return {
    apply(progress) {
      progress.seen++;
      // Saved again since it was read: these bytes are old, and another run (this process's watcher,
      // or whichever process saw the save) writes the new ones; writing ours could overwrite theirs.
      if (!unchangedSince(f)) return;
      progress.indexed++;
      writer.writePage(rootId, f, { key, scope: scopeOf(f.relPath, writer.isScoped(rootId)), parsed, hash, decodeWarning: decoded.warning });
    },
  };
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

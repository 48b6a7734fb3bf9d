// The write protocol: which version of a page a writer must name, and what it is told when it named
// none or a stale one. Every read hands out the page's hash; a write names it as baseHash. A
// refusal carries what the file holds now (its hash, and for a conflict its text), so the writer
// merges and retries without another read, and nothing anyone wrote is lost.
import fs from 'node:fs';
import { BadRequest, type CurrentVersion, PreconditionRequired, WriteConflict } from '../../../shared/errors.ts';
import { decodePage } from '../ingest/decode.ts';
import { splitFrontmatter } from '../ingest/parse/frontmatter.ts';
import { toLf } from '../ingest/parse/page.ts';
import { sha1 } from './atomic-file.ts';
import type { Place } from './page-place.ts';

export interface BaseClaim {
  /** The hash the writer read; null: it expects no page there; undefined: it named none. */
  baseHash?: string | null | undefined;
  /** The writer must name its base to replace a body (an agent); a person need not. */
  baseRequired?: boolean | undefined;
  /** The body it replaces, if it does: a frontmatter-only edit is a merge and needs no base. */
  body?: string | undefined;
}

/** What is at the page's place now: the indexed page's bytes, a file there the index has not seen
 * yet (another writer's new page, an editor's), or null when there is nothing (not even the
 * indexed page, which an editor, a checkout or a sync may have deleted since it was read). */
export function bytesBefore(place: Place): Buffer | null {
  const stat = fs.lstatSync(place.abs, { throwIfNoEntry: false });
  if (!stat) return null;
  if (stat.isSymbolicLink()) throw new BadRequest(`${place.rel} is a symlink: Cairn never writes through one`);
  if (!stat.isFile()) throw new BadRequest(`${place.rel} exists and is not a file`);
  return fs.readFileSync(place.abs);
}

/** Refuses a write whose base is not what the file holds (409, with its hash and text), or an
 * agent's body write to an existing page that names no base (428, with the hash to name). A file
 * the index has not seen yet is replaced only by a writer that names its hash. `hash`: before's. */
export function checkBase(place: Place, before: Buffer | null, hash: string | null, claim: BaseClaim, maxFileBytes: number): void {
  if (!before && place.exists && claim.baseHash !== null) {
    throw new WriteConflict(
      place.rel,
      `${place.rel} was deleted since the index read it (an editor, a checkout or a sync): nothing was written; to make the page again, write it with baseHash null`,
      { hash: null },
    );
  }
  if (claim.baseHash === undefined) {
    if (before && !place.exists)
      throw new WriteConflict(
        place.rel,
        `${place.rel} was just created by another writer or an editor (the index has not read it yet): nothing was written`,
        versionOf(before, maxFileBytes),
      );
    if (before && claim.baseRequired && claim.body !== undefined) throw new PreconditionRequired(place.rel, hash!);
    return;
  }
  if (claim.baseHash !== hash) throw new WriteConflict(place.rel, undefined, before ? versionOf(before, maxFileBytes) : { hash: null });
}

/** What the file holds now, for a writer that lost a race to it. */
export function versionOnDisk(abs: string, maxFileBytes: number): CurrentVersion {
  try {
    return versionOf(fs.readFileSync(abs), maxFileBytes);
  } catch {
    return { hash: null };
  }
}

/** Its hash, and its text and body when it is text (a file Cairn would not rewrite has none to merge
 * into). The body is cut as the indexer cuts it, so it is what a read showed and a body write replaces.
 * A file past the page size limit is only named by its hash: its text twice over in one answer made
 * a 50 MB page's conflict a 140 MB answer, and no read ever showed it to merge into. */
function versionOf(bytes: Buffer, maxFileBytes: number): CurrentVersion {
  if (bytes.length > maxFileBytes) return { hash: sha1(bytes), larger: maxFileBytes };
  const decoded = decodePage(bytes);
  if (!decoded.ok || decoded.warning) return { hash: sha1(bytes) };
  const lf = toLf(decoded.text);
  return { hash: sha1(bytes), text: decoded.text, body: splitFrontmatter(lf)?.body ?? lf };
}

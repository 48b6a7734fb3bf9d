// The one way Cairn writes a page, for every door: find or place the file inside a configured
// root, refuse links to pages that do not exist, refuse to overwrite a version the writer never
// saw (write-base.ts), then write it atomically and log it (logged-write.ts: a new page is linked to
// its name so only one creator wins). The caller re-indexes the page.
import { BadRequest, MissingRefs, WriteConflict } from '../../../shared/errors.ts';
import type { WriteResult } from '../../../shared/contract.ts';
import type { AuditEntry } from '../../../shared/page.ts';
import type { Store } from '../store/store.ts';
import { GraphLookup, type PageNode } from '../graph/lookup.ts';
import { Resolver } from '../graph/resolve.ts';
import { decodePage } from '../ingest/decode.ts';
import { parsePage } from '../ingest/parse/page.ts';
import { keyOf } from '../ingest/scope.ts';
import { sha1 } from './atomic-file.ts';
import { editPage, type FieldChanges } from './frontmatter-edit.ts';
import { assertCurates } from './curator.ts';
import { loggedWrite } from './logged-write.ts';
import { locate, type Place } from './page-place.ts';
import { bytesBefore, checkBase, versionOnDisk } from './write-base.ts';
import { refuseUnindexable } from './write-validation.ts';

export interface WriteInput {
  key: string;
  agent: string | null;
  /** For a page that does not exist yet: which configured root (default the first) and where in it. */
  root?: string | undefined;
  path?: string | undefined;
  fields: FieldChanges;
  body?: string | undefined;
  /** The page's whole new text, instead of fields and body (a fix edits lines itself). */
  text?: string | undefined;
  actor: string;
  /** The content hash the writer started from; null: the writer expects no page there yet. */
  baseHash?: string | null | undefined;
  /** An agent writes: replacing an existing page's body needs the baseHash it read (write-base.ts). */
  baseRequired?: boolean | undefined;
  action: AuditEntry['action'];
  /** What the write did, in words, for the log (fixes say which link and how). */
  detail?: string | undefined;
  /** An agent archiving, reviewing or fixing: it may curate only its own user/<agent>/ space (curator.ts). */
  curatorAgent?: string | undefined;
}

/** The contract's WriteResult as the write lands, before indexing it may add a notice. */
export type LandedWrite = Omit<WriteResult, 'notice'>;

/** `roots`: where Cairn may write, the first being where new pages go by default; `maxFileBytes`: the indexer's (a larger page is refused). */
export async function writePage(store: Store, roots: readonly string[], input: WriteInput, maxFileBytes: number): Promise<LandedWrite> {
  const place = await locate(store, roots, { ...input, mayCreate: input.action === 'write' || input.action === 'fix', verb: input.action });
  if (input.curatorAgent !== undefined) assertCurates(input.curatorAgent, place, input.action);
  const before = bytesBefore(place);
  const hashBefore = before ? sha1(before) : null;
  checkBase(place, before, hashBefore, input, maxFileBytes);
  const oldText = before ? pageText(before, place.rel) : '';
  const text = input.text ?? editPage(oldText, input.fields, input.body);
  const bytes = Buffer.from(before && hasBom(before) ? `\ufeff${text}` : text, 'utf8');
  refuseUnindexable({ bytes, text, body: input.body, maxFileBytes });
  await refuseNewDanglingLinks(store, place, input.key, oldText, text);
  const hashAfter = sha1(bytes);
  const { auditId, conflictCopy } = await loggedWrite(store, {
    place,
    bytes,
    expected: { hash: hashBefore, conflict: () => new WriteConflict(place.rel, undefined, versionOnDisk(place.abs, maxFileBytes)) },
    // a new page is created only where nothing is, even beside writers that are not Cairn's
    ...(before
      ? {}
      : {
          exclusive: {
            conflict: () =>
              new WriteConflict(place.rel, `${place.rel} was created by another writer meanwhile: nothing was written`, versionOnDisk(place.abs, maxFileBytes)),
          },
        }),
    log: { actor: input.actor, action: before || input.action === 'fix' ? input.action : 'create', key: input.key, detail: input.detail },
  });
  return { key: input.key, root: place.root, path: place.rel, created: !before, hashBefore, hashAfter, auditId, ...(conflictCopy ? { conflictCopy } : {}) };
}

/** A page's text, refused when rewriting it would change bytes no one meant to touch. */
export function pageText(bytes: Buffer, rel: string): string {
  const decoded = decodePage(bytes);
  if (!decoded.ok) throw new BadRequest(`${rel} is not a text page (${decoded.reason}): Cairn will not rewrite it`);
  if (decoded.warning) throw new BadRequest(`${rel} is not valid UTF-8 (${decoded.warning}): rewriting it would change bytes you did not touch`);
  return decoded.text;
}

export function hasBom(bytes: Buffer): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** Links the write adds that name no page or file: refused, listing them, before anything is written.
 * Links that were already broken before this write are left to the broken-links report. */
async function refuseNewDanglingLinks(store: Store, place: Place, key: string, oldText: string, text: string): Promise<void> {
  const linksOf = (t: string) =>
    parsePage(key, place.rel, t).links.filter(
      (l) => l.kind !== 'source' && l.target.trim() !== '' && keyOf(l.target.trim()).toLowerCase() !== key.toLowerCase(),
    );
  const links = linksOf(text);
  // a page with no link to another: nothing to resolve, nothing to ask the store
  if (!links.length) return;
  const resolver = new Resolver(new GraphLookup(store));
  const rootId = (await store.runs.root(place.root))?.id ?? -1;
  const self: PageNode = {
    id: -1,
    rootId,
    rootPath: place.root,
    relPath: place.rel,
    keyLower: key.toLowerCase(),
    scope: place.scope.kind,
    agent: place.scope.agent,
    headings: [],
    blockIds: [],
  };
  const missing = async (links: ReturnType<typeof linksOf>) => {
    const out = new Set<string>();
    for (const l of links) if ((await resolver.resolve(self, l.kind, l.target, null)).reason === 'missing-page') out.add(l.target.trim());
    return out;
  };
  // the old text is parsed only when the new one has a link that goes nowhere (most have none)
  const now = await missing(links);
  if (!now.size) return;
  const before = await missing(linksOf(oldText));
  const dangling = [...now].filter((t) => !before.has(t));
  if (dangling.length)
    throw new MissingRefs(
      `refused: the page links to ${dangling.length === 1 ? 'a page that does not exist' : 'pages that do not exist'}: ${dangling.join(', ')}. Nothing was written; create ${dangling.length === 1 ? 'it' : 'them'} first or fix the link${dangling.length === 1 ? '' : 's'}`,
      dangling,
    );
}

// The index rows of files and pages: every write the indexer makes goes through here, to the store's
// repositories; a page's rows are written by one call per repository, not one per row.
import type { FileProblem } from '../../../shared/indexing.ts';
import type { Scope } from '../../../shared/page.ts';
import type { Store } from '../store/store.ts';
import type { FileRecord, FileStatus } from '../store/runs.ts';
import type { NewLink } from '../store/links.ts';
import { lexicalPage, type LexicalPage } from '../store/lexical.ts';
import type { NewChunk } from '../store/chunks.ts';
import type { IndexedPage } from '../store/pages.ts';
import type { ParsedPage } from './parse/page.ts';
import { readFields } from './fields.ts';
import { targetKey } from '../graph/resolve.ts';
import type { LinkChanges } from '../graph/relink.ts';
import { keyOf, scopeOf } from './scope.ts';
import type { ConceptName } from '../concepts/names.ts';
import type { WalkedFile } from './walk.ts';

export interface PageWrite {
  key: string;
  scope: Scope;
  parsed: ParsedPage;
  /** The concept names it gives (concepts/names.ts), made with the parse (on the worker, where there is one). */
  names: ConceptName[];
  /** Its terms for the token lane (search/terms.ts pageTerms), made with the parse too. */
  terms: string[];
  hash: string;
  decodeWarning: string | null;
}

/** A page written in this batch, its rows (its file's too) left for the batch's end. */
interface PendingPage {
  rootId: number;
  file: FileRecord;
  /** Its fileId is known once the file's row is written. */
  row: IndexedPage;
  proseSig: ParsedPage['proseSig'];
  names: ConceptName[];
  chunks: readonly NewChunk[];
  page: LexicalPage;
  terms: readonly string[];
  links: NewLink[];
}

export class PageWriter {
  wroteSomething = false;
  /** What this run wrote, for relinking only what it can have changed. */
  readonly changes = { pageIds: new Set<number>(), keys: new Set<string>() } satisfies LinkChanges;
  private scoped = new Map<number, boolean>();
  /** The pages written in this batch, their rows written together at its end (`batch`). */
  private pending: PendingPage[] = [];

  constructor(
    private store: Store,
    readonly maxFileBytes: number,
  ) {}

  // The writes take `tx`, the store of the write transaction they run in (Store.write).

  /** The root as the index holds it: written only when it is new or its scope changed, so a run of
   * a few paths (a write) takes no write lock for it (on PostgreSQL, one lock for every server). */
  async root(store: Store, rootPath: string, scoped: boolean): Promise<number> {
    const known = await store.runs.root(rootPath);
    if (known?.scoped !== scoped) return store.write((tx) => this.upsertRoot(tx, rootPath, scoped));
    this.scoped.set(known.id, scoped);
    return known.id;
  }

  private async upsertRoot(tx: Store, rootPath: string, scoped: boolean): Promise<number> {
    const { id, wasScoped } = await tx.runs.upsertRoot(rootPath, scoped);
    this.scoped.set(id, scoped);
    if (wasScoped !== null && wasScoped !== scoped) await this.rescope(tx, id, scoped);
    return id;
  }

  /** A `global/` folder appeared or went: every page of the root changes scope, unchanged files too. */
  private async rescope(tx: Store, rootId: number, scoped: boolean): Promise<void> {
    const pages = await tx.pages.placesInRoot(rootId);
    await tx.pages.rescope(pages.map((p) => ({ id: p.id, ...scopeFields(scopeOf(p.relPath, scoped)) })));
    // who sees which page changed for every link: the run's link phase resolves them all again
    await tx.runs.requestFullRelink();
    this.wroteSomething = true;
  }

  isScoped(rootId: number): boolean {
    return this.scoped.get(rootId) ?? false;
  }

  async upsertFile(tx: Store, rootId: number, f: WalkedFile, status: FileStatus, reason: string | null): Promise<number> {
    // a file that stopped being a page (now binary, too large, unreadable) leaves the page table
    const id = await tx.runs.recordFile(rootId, { relPath: f.relPath, mtimeMs: f.mtimeMs, size: f.size, status, reason });
    this.wroteSomething = true;
    this.changes.keys.add(keyOf(f.relPath).toLowerCase());
    return id;
  }

  /** The content hashes the index holds for these files' pages, null where it has none. */
  storedHashes(rootId: number, relPaths: readonly string[]): Promise<(string | null)[]> {
    return this.store.pages.storedHashes(rootId, relPaths);
  }

  /** The bytes are what is indexed already: only the file's stat is refreshed. */
  touchFile(tx: Store, rootId: number, f: WalkedFile): Promise<void> {
    return tx.runs.touchFile(rootId, f.relPath, f.mtimeMs, f.size);
  }

  async writePage(tx: Store, rootId: number, f: WalkedFile, w: PageWrite): Promise<void> {
    const { parsed } = w;
    const { fields, warnings } = readFields(parsed.frontmatter);
    if (w.decodeWarning) warnings.unshift(w.decodeWarning);
    // its file's row is written with the batch's (`batch`), before the page's
    this.wroteSomething = true;
    this.changes.keys.add(keyOf(f.relPath).toLowerCase());
    this.pending.push({
      rootId,
      file: { relPath: f.relPath, mtimeMs: f.mtimeMs, size: f.size, status: 'indexed', reason: warnings.length ? warnings.join('\n') : null },
      row: {
        fileId: 0,
        key: w.key,
        ...scopeFields(w.scope),
        title: parsed.title,
        summary: parsed.summary,
        tags: parsed.tags,
        frontmatter: parsed.frontmatter,
        fmError: parsed.frontmatterError?.message ?? null,
        fmErrorLine: parsed.frontmatterError?.line ?? null,
        body: parsed.body,
        headings: parsed.headings,
        blockIds: parsed.blockIds,
        provenance: parsed.provenance,
        ...fields,
        hash: w.hash,
        prose: parsed.prose,
      },
      proseSig: parsed.proseSig,
      names: w.names,
      chunks: parsed.chunks,
      page: lexicalPage({ key: w.key, title: parsed.title, summary: parsed.summary, tags: parsed.tags }),
      terms: w.terms,
      links: parsed.links.map((l) => ({
        line: l.line,
        kind: l.kind,
        target: l.target,
        anchor: l.anchor,
        label: l.label,
        targetKey: targetKey(l.kind, l.target, f.relPath),
        column: l.column,
      })),
    });
  }

  /**
   * Runs `fn`, the writes of a batch of files, inside the write transaction `tx`, then writes what
   * its pages left for the end: a store over the network writes a batch's pages, chunks, lexical
   * rows and links in a few statements, not a few per page. All of it commits together, so a crash loses none of it.
   */
  async batch(tx: Store, fn: () => Promise<void>): Promise<void> {
    this.pending = [];
    await fn();
    const pending = this.pending;
    this.pending = [];
    // counted while the rows below are written (PostgreSQL); written last, with the chunks' rowids
    tx.lexical.prepare(pending);
    const fileIds = await recordFiles(tx, pending);
    const ids = await tx.pages.upsertIndexed(pending.map((p, i) => ({ ...p.row, fileId: fileIds[i]! })));
    const pages = pending.map((p, i) => ({ ...p, pageId: ids[i]! }));
    for (const { pageId } of pages) this.changes.pageIds.add(pageId);
    // a statement or two for the batch's concept rows (a statement a page: ~5 s of a full index on PostgreSQL)
    await tx.concepts.saveProseSigs(pages.map((p) => ({ pageId: p.pageId, sig: p.proseSig })));
    await tx.concepts.setNames(pages);
    // the chunks before the lexical rows: their new rowids are what those name
    const rowids = await tx.chunks.replaceForPages(pages);
    await tx.links.replaceForPages(pages);
    // the lexical rows last: FTS5 flushes the terms it holds in memory into a new segment whenever
    // a statement opens a savepoint (a trigger's, a multi-row insert), so written last they reach
    // disk once, at commit (written page by page between the others: ~2 s of a 10 s full index)
    await tx.lexical.indexPages(pages.map((p, i) => ({ ...p, chunks: p.chunks.map((c, j) => ({ rowid: rowids[i]![j]!, text: c.text })) })));
  }

  /** A file that vanished between the walk and the read leaves the index, if it was in it. */
  async forgetFile(tx: Store, rootId: number, relPath: string): Promise<void> {
    const gone = await tx.runs.deleteFileAt(rootId, relPath);
    if (gone === null) return;
    this.changes.keys.add(keyOf(gone).toLowerCase());
    this.wroteSomething = true;
  }

  async deleteFile(tx: Store, id: number): Promise<void> {
    const gone = await tx.runs.deleteFile(id);
    if (gone !== null) this.changes.keys.add(keyOf(gone).toLowerCase());
    this.wroteSomething = true;
  }

  /** Problems the index remembers: files skipped or failed, page warnings, malformed frontmatter. */
  async storedProblems(roots: string[]): Promise<FileProblem[]> {
    const out: FileProblem[] = [];
    for (const r of await this.store.runs.fileProblems()) {
      if (!roots.includes(r.root)) continue;
      if (r.fm_error) {
        out.push({
          root: r.root,
          path: r.path,
          line: r.fm_error_line,
          severity: 'warning',
          reason: `malformed frontmatter, indexed the body only: ${r.fm_error}`,
        });
      }
      for (const reason of r.reason?.split('\n') ?? []) {
        const severity = r.status === 'indexed' ? 'warning' : r.status === 'failed' ? 'failed' : 'skipped';
        out.push({ root: r.root, path: r.path, line: null, severity, reason });
      }
    }
    return out;
  }

  /** Two pages with one key in one scope: both stay indexed; each link goes to the copy closest to it. */
  async duplicateKeyProblems(): Promise<FileProblem[]> {
    const problems: FileProblem[] = [];
    const rows = await this.store.pages.duplicateKeys();
    const first = new Map<string, string>();
    for (const r of rows) {
      const group = `${r.key_lower}\0${r.scope}\0${r.agent ?? ''}`;
      const winner = first.get(group);
      if (!winner) {
        first.set(group, r.path);
        continue;
      }
      problems.push({
        root: r.root,
        path: r.path,
        line: null,
        severity: 'warning',
        reason: `duplicate key "${r.key_lower}" in ${r.scope === 'user' ? `user/${r.agent}` : 'global'} scope, also ${winner}: [[${r.key_lower}]] goes to the copy closest to the linking page (then the shorter path: ${winner} from the top of the root); link by path to choose`,
      });
    }
    return problems;
  }
}

function scopeFields(scope: Scope): { scope: 'global' | 'user'; agent: string | null } {
  return { scope: scope.kind, agent: scope.agent };
}

/** The pending pages' file rows, a statement or two per root; their ids, in order. */
async function recordFiles(tx: Store, pending: readonly PendingPage[]): Promise<number[]> {
  const ids: number[] = [];
  for (const rootId of new Set(pending.map((p) => p.rootId))) {
    const at = pending.flatMap((p, i) => (p.rootId === rootId ? [i] : []));
    const got = await tx.runs.recordFiles(
      rootId,
      at.map((i) => pending[i]!.file),
    );
    at.forEach((i, j) => (ids[i] = got[j]!));
  }
  return ids;
}

// The index rows of files and pages: every write the indexer makes goes through here, to the store's
// repositories; a page's rows are written by one call per repository, not one per row.
import type { FileProblem } from '../../../shared/indexing.ts';
import type { Scope } from '../../../shared/page.ts';
import type { Store } from '../store/store.ts';
import type { FileStatus } from '../store/runs.ts';
import { lexicalPage, type LexicalPage } from '../store/lexical.ts';
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

/** A page's lexical rows, written at the end of its batch (PageWriter.writeBatch). */
interface LexicalWrite {
  pageId: number;
  page: LexicalPage;
  chunks: { rowid: number; text: string }[];
  terms: string[];
}

export class PageWriter {
  wroteSomething = false;
  /** What this run wrote, for relinking only what it can have changed. */
  readonly changes = { pageIds: new Set<number>(), keys: new Set<string>() } satisfies LinkChanges;
  private scoped = new Map<number, boolean>();
  /** The lexical rows of the batch being written; null outside writeBatch. */
  private lexicalDue: LexicalWrite[] | null = null;

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

  /**
   * Runs `fn`, which writes a batch of files in `tx`, then writes the lexical rows of its pages,
   * after every other row. FTS5 flushes the terms it holds in memory into a new segment whenever a
   * statement opens a savepoint (any that may write several rows: a trigger's, a multi-row insert),
   * so rows written page by page between the others made a segment per page: on
   * interconnected-10k that cost ~2 s of a 10 s full index (flushing, then merging the segments).
   * Written last, a batch's rows go to disk once, at commit.
   */
  async writeBatch(tx: Store, fn: () => Promise<void>): Promise<void> {
    const due: LexicalWrite[] = (this.lexicalDue = []);
    try {
      await fn();
      for (const l of due) await tx.lexical.indexPage(l.pageId, l.page, l.chunks, l.terms);
    } finally {
      this.lexicalDue = null;
    }
  }

  /** Inside writeBatch, whose end writes the page's lexical rows. */
  async writePage(tx: Store, rootId: number, f: WalkedFile, w: PageWrite): Promise<void> {
    if (!this.lexicalDue) throw new Error('PageWriter.writePage runs inside writeBatch');
    const { parsed } = w;
    const { fields, warnings } = readFields(parsed.frontmatter);
    if (w.decodeWarning) warnings.unshift(w.decodeWarning);
    const fileId = await this.upsertFile(tx, rootId, f, 'indexed', warnings.length ? warnings.join('\n') : null);
    const pageId = await tx.pages.upsertIndexed({
      fileId,
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
    });
    this.changes.pageIds.add(pageId);
    const rowids = await tx.chunks.replaceForPage(pageId, parsed.chunks);
    this.lexicalDue.push({
      pageId,
      page: lexicalPage({ key: w.key, title: parsed.title, summary: parsed.summary, tags: parsed.tags }),
      chunks: parsed.chunks.map((c, i) => ({ rowid: rowids[i]!, text: c.text })),
      terms: w.terms,
    });
    await tx.concepts.saveProseSig(pageId, parsed.proseSig);
    await tx.concepts.setNames(pageId, w.names);
    await tx.links.replaceForPage(
      pageId,
      parsed.links.map((l) => ({
        line: l.line,
        kind: l.kind,
        target: l.target,
        anchor: l.anchor,
        label: l.label,
        targetKey: targetKey(l.kind, l.target, f.relPath),
        column: l.column,
      })),
    );
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
  async recordDuplicateKeys(problems: FileProblem[]): Promise<void> {
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
  }
}

function scopeFields(scope: Scope): { scope: 'global' | 'user'; agent: string | null } {
  return { scope: scope.kind, agent: scope.agent };
}

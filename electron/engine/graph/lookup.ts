// What link resolution asks of the index — pages by key or path, attachments by name or path —
// answered by indexed queries and remembered for the length of one relink. Querying instead of
// loading every page up front keeps a one-page change cheap on a 10,000-page wiki.
import type { FileNode } from '../store/attachments.ts';
import type { PageNode } from '../store/pages.ts';
import type { Store } from '../store/store.ts';
import type { LinkKind } from '../../../shared/page.ts';
import { targetKey } from './resolve.ts';

export type { FileNode, PageNode };

export class GraphLookup {
  private memo = new Map<string, Promise<PageNode[] | FileNode[]>>();

  constructor(private readonly store: Pick<Store, 'pages' | 'attachments'>) {}

  pagesByKey(keyLower: string): Promise<PageNode[]> {
    return this.remember(`k\0${keyLower}`, () => this.store.pages.nodesByKey(keyLower));
  }

  /** `relNoExt`: root-relative path, lowercased, without `.md`. */
  pagesByPath(relNoExt: string): Promise<PageNode[]> {
    return this.remember(`p\0${relNoExt}`, () => this.store.pages.nodesByPath(relNoExt));
  }

  async page(id: number): Promise<PageNode | null> {
    return (
      (
        await this.remember(`i\0${id}`, async () => {
          const node = await this.store.pages.nodeById(id);
          return node ? [node] : [];
        })
      )[0] ?? null
    );
  }

  filesByName(nameLower: string): Promise<FileNode[]> {
    return this.remember(`n\0${nameLower}`, () => this.store.attachments.byName(nameLower));
  }

  filesByPath(relLower: string): Promise<FileNode[]> {
    return this.remember(`f\0${relLower}`, () => this.store.attachments.byPath(relLower));
  }

  /** Attachments whose path ends with `/suffix` (Obsidian's shortest-path form `[[folder/file.png]]`). */
  filesByPathSuffix(suffix: string): Promise<FileNode[]> {
    return this.remember(`s\0${suffix}`, () => this.store.attachments.byPathSuffix(suffix));
  }

  /**
   * Looks up at once what resolving these links will ask: their pages, the pages their targets
   * name by key, and attachments by those names. One look-up each instead of one per link (a
   * round trip each on PostgreSQL: a third of a write's statements, and 15 of 57 s of indexing
   * interconnected-10k). A target by path still asks on its own.
   */
  async prefetch(links: readonly { page_id: number; kind: LinkKind; target: string }[]): Promise<void> {
    const ids = [...new Set(links.map((l) => l.page_id))].filter((id) => !this.memo.has(`i\0${id}`));
    const keys = [...new Set(links.filter((l) => l.kind !== 'source').map((l) => targetKey(l.kind, l.target, '')))].filter(
      (k) => k !== '' && !this.memo.has(`k\0${k}`),
    );
    if (!ids.length && !keys.length) return;
    const [pages, files] = await Promise.all([this.store.pages.nodesAmong(keys, ids), this.store.attachments.byNames(keys)]);
    const byKey = new Map<string, PageNode[]>(keys.map((k) => [k, []]));
    for (const p of pages) byKey.get(p.keyLower)?.push(p);
    // by id through a map: a full relink asks for every page, and filtering the list for each took ~1 s
    const byId = new Map(pages.map((p) => [p.id, p]));
    for (const id of ids) {
      const page = byId.get(id);
      this.memo.set(`i\0${id}`, Promise.resolve(page ? [page] : []));
    }
    for (const [k, found] of byKey) this.memo.set(`k\0${k}`, Promise.resolve(found));
    const byName = new Map<string, FileNode[]>(keys.map((k) => [k, []]));
    for (const f of files) byName.get(f.nameLower)?.push(f);
    for (const [k, found] of byName) if (!this.memo.has(`n\0${k}`)) this.memo.set(`n\0${k}`, Promise.resolve(found));
  }

  /** The promise itself is remembered, so two lookups of one key in flight ask the store once. */
  private remember<T extends PageNode[] | FileNode[]>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.memo.get(key) as Promise<T> | undefined;
    if (!hit) this.memo.set(key, (hit = load()));
    return hit;
  }
}

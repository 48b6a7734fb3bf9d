// What link resolution asks of the index — pages by key or path, attachments by name or path —
// answered by indexed queries and remembered for the length of one relink. Querying instead of
// loading every page up front keeps a one-page change cheap on a 10,000-page wiki.
import type { FileNode } from '../store/attachments.ts';
import type { PageNode } from '../store/pages.ts';
import type { Store } from '../store/store.ts';

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

  /** The promise itself is remembered, so two lookups of one key in flight ask the store once. */
  private remember<T extends PageNode[] | FileNode[]>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.memo.get(key) as Promise<T> | undefined;
    if (!hit) this.memo.set(key, (hit = load()));
    return hit;
  }
}

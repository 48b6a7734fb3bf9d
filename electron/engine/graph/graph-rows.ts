// The edges the reference graph is made of: links grouped one per page, kind and target.
// Grouped here rather than with GROUP BY, which sorts every row and took twice as long; links to
// pages (most of them) are read as numbers only.
import { LINK_KINDS, type LinkKind } from '../../../shared/page.ts';
import type { Store } from '../store/store.ts';

/** All the links of one kind from one page to one target: exactly one of the target fields is set. */
export interface EdgeRow {
  pageId: number;
  kind: LinkKind;
  targetPage: number | null;
  targetFile: number | null;
  external: string | null;
  /** a target nothing answers, as written (lowercased, without ./ and .md, so [[x]] and [t](x.md) meet); a missing source as written */
  missingKey: string | null;
  target: string;
  line: number;
  n: number;
}

const KIND_COUNT = LINK_KINDS.length;
const KIND_INDEX = Object.fromEntries(LINK_KINDS.map((k, i) => [k, i])) as Record<LinkKind, number>;

/** The links of these pages (null: of every page), one row per page, kind and target. */
export async function readEdges(store: Store, pageIds: number[] | null): Promise<EdgeRow[]> {
  const { toPages, toOthers } = await store.links.edges(pageIds);
  const edges: EdgeRow[] = [];
  const byPage = new Map<number, Map<number | string, EdgeRow>>();
  const add = (pageId: number, key: number | string, line: number, make: () => EdgeRow) => {
    let mine = byPage.get(pageId);
    if (!mine) byPage.set(pageId, (mine = new Map()));
    const known = mine.get(key);
    if (!known) {
      const edge = make();
      mine.set(key, edge);
      edges.push(edge);
    } else {
      known.n++;
      if (line < known.line) known.line = line;
    }
  };
  for (const [pageId, kind, targetPage, line] of toPages) {
    add(pageId, targetPage * KIND_COUNT + KIND_INDEX[kind], line, () => ({
      pageId,
      kind,
      targetPage,
      targetFile: null,
      external: null,
      missingKey: null,
      target: '',
      line,
      n: 1,
    }));
  }
  for (const [pageId, kind, targetFile, external, target, line] of toOthers) {
    const missingKey = targetFile === null && external === null ? (kind === 'source' ? `ms:${target}` : `m:${missingName(target)}`) : null;
    const key = `${kind}\0${targetFile ?? ''}\0${external ?? ''}\0${missingKey ?? ''}`;
    add(pageId, key, line, () => ({ pageId, kind, targetPage: null, targetFile, external, missingKey, target, line, n: 1 }));
  }
  return edges;
}

function missingName(target: string): string {
  return target.trim().toLowerCase().replace(/^\.\//, '').replace(/\.md$/, '');
}

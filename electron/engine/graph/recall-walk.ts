// recall: walk out from seed pages, breadth first, over links either way, shared concepts (a page
// names or mentions a concept another page names or mentions) and `follows` between dated notes
// of one folder (a daily note and the dated notes before and after it), and answer the connected
// set nearest first (then reached by more seeds, then by fewer concept steps) with the path that
// reached each page: why it is here.
import type { RecallPage, RecallStep, RecallWalkResponse } from '../../../shared/graph.ts';
import type { PagePlace } from '../store/pages.ts';
import type { Store } from '../store/store.ts';
import { CONCEPT_FANOUT } from './concept-pages.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import type { PageRef } from '../../../shared/page.ts';
import { pageNamedOrThrow } from './page-ref.ts';

export interface RecallWalkQuery {
  seeds: number[];
  hops: number;
  limit: number;
  /** Who walks: it never steps onto a page, nor through a concept, it may not see. */
  viewer: Viewer;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Step {
  to: number;
  edge: RecallStep['edge'];
  concept?: string;
}

export function recallWalk(store: Store, q: RecallWalkQuery): Promise<RecallWalkResponse> {
  return store.read((tx) => walk(tx, q));
}

async function walk(store: Store, q: RecallWalkQuery): Promise<RecallWalkResponse> {
  const hidden = await store.pages.hiddenFrom(q.viewer);
  // retired pages are never walked to (as search never returns them); a seed asked for by key still shows
  const graph = new Neighbours(store, new Set([...hidden, ...(await store.pages.retired())]), q.viewer);
  const seeds = [...new Set(q.seeds)].filter((id) => !hidden.has(id));
  // one walk per seed (there are few): a page's best path, and how many seeds reach it
  const best = new Map<number, { distance: number; via: { from: number; step: Step }[] }>();
  const reached = new Map<number, number>();
  for (const seed of seeds) {
    const paths = new Map<number, { from: number; step: Step }[]>([[seed, []]]);
    let frontier = [seed];
    for (let d = 1; d <= q.hops && frontier.length > 0; d++) {
      const next: number[] = [];
      for (const id of frontier) {
        for (const step of await graph.of(id)) {
          if (paths.has(step.to)) continue;
          paths.set(step.to, [...paths.get(id)!, { from: id, step }]);
          next.push(step.to);
        }
      }
      frontier = next;
    }
    for (const [id, via] of paths) {
      reached.set(id, (reached.get(id) ?? 0) + 1);
      const was = best.get(id);
      if (!was || via.length < was.distance) best.set(id, { distance: via.length, via });
    }
  }
  const rows = await graph.rows([...best.keys()]);
  const ranked = [...best.entries()]
    .filter(([id]) => rows.has(id))
    .sort(
      ([a, x], [b, y]) =>
        x.distance - y.distance ||
        reached.get(b)! - reached.get(a)! ||
        viaConcepts(x.via) - viaConcepts(y.via) ||
        rows.get(a)!.key.localeCompare(rows.get(b)!.key),
    );
  const kept = ranked.slice(0, q.limit);
  // every page on a path was reached, so its row is among these
  const keyOf = (id: number) => rows.get(id)!.key;
  const pages: RecallPage[] = kept.map(([id, b]) => {
    const r = rows.get(id)!;
    return {
      key: r.key,
      title: r.title,
      path: r.path,
      root: r.root,
      distance: b.distance,
      seeds: reached.get(id)!,
      via: b.via.map(({ from, step }) => ({ from: keyOf(from), edge: step.edge, ...(step.concept ? { concept: step.concept } : {}) })),
    };
  });
  const edges = kept.flatMap(([id, b]) => {
    const last = b.via[b.via.length - 1];
    return last ? [{ source: keyOf(last.from), target: keyOf(id), edge: last.step.edge, ...(last.step.concept ? { concept: last.step.concept } : {}) }] : [];
  });
  return { seeds: seeds.filter((id) => rows.has(id)).map(keyOf), pages, edges, truncated: ranked.length > kept.length };
}

/** A page's steps out, read once each: links out, links in, shared concepts, then the dated notes next to it. */
class Neighbours {
  private memo = new Map<number, Step[]>();
  private folders = new Map<string, number[]>();
  private concepts = new Map<string, number[] | null>();

  constructor(
    private store: Store,
    private hidden: Set<number>,
    private viewer: Viewer,
  ) {}

  async of(id: number): Promise<Step[]> {
    let steps = this.memo.get(id);
    if (!steps) {
      steps = [];
      for (const to of await this.store.links.pagesLinkedFrom(id)) steps.push({ to, edge: 'link' });
      for (const to of await this.store.links.pagesLinkingTo(id)) steps.push({ to, edge: 'backlink' });
      const concepts = await this.store.concepts.ofPage(id);
      const seen = await this.store.concepts.seenBy(
        this.viewer,
        concepts.map((c) => c.norm),
      );
      for (const c of concepts) {
        const name = seen ? seen.get(c.norm)?.name : c.name;
        if (name === undefined) continue;
        for (const to of (await this.conceptPages(c.norm)) ?? []) if (to !== id) steps.push({ to, edge: 'concept', concept: name });
      }
      for (const to of await this.follows(id)) steps.push({ to, edge: 'follows' });
      steps = steps.filter((s) => !this.hidden.has(s.to));
      this.memo.set(id, steps);
    }
    return steps;
  }

  /** A concept's pages in id order, or null when it is on too many to say anything about two of them. */
  private async conceptPages(norm: string): Promise<number[] | null> {
    if (!this.concepts.has(norm)) {
      const pages = await this.store.concepts.pagesOf(norm, CONCEPT_FANOUT + 1);
      this.concepts.set(norm, pages.length > CONCEPT_FANOUT ? null : pages);
    }
    return this.concepts.get(norm)!;
  }

  /** The dated notes just before and after a dated note, in its folder. */
  private async follows(id: number): Promise<number[]> {
    const r = await this.row(id);
    if (!r || !dateOf(r.key, r.path)) return [];
    const slash = r.path.lastIndexOf('/');
    const folder = slash < 0 ? '' : r.path.slice(0, slash + 1);
    const memoKey = `${r.rootId}\0${folder}`;
    let dated = this.folders.get(memoKey);
    if (!dated) {
      const rows = await this.store.pages.under(r.rootId, folder);
      dated = rows
        .filter((x) => !x.path.slice(folder.length).includes('/'))
        .map((x) => ({ id: x.id, date: dateOf(x.key, x.path) }))
        .filter((x): x is { id: number; date: string } => x.date !== null)
        .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
        .map((x) => x.id);
      this.folders.set(memoKey, dated);
    }
    const at = dated.indexOf(id);
    return [dated[at - 1], dated[at + 1]].filter((x): x is number => x !== undefined);
  }

  private rowMemo = new Map<number, PagePlace | null>();
  private async row(id: number): Promise<PagePlace | null> {
    if (!this.rowMemo.has(id)) this.rowMemo.set(id, await this.store.pages.placeOf(id));
    return this.rowMemo.get(id)!;
  }

  async rows(ids: number[]): Promise<Map<number, PagePlace>> {
    const out = new Map<number, PagePlace>();
    for (const id of ids) {
      const r = await this.row(id);
      if (r) out.set(id, r);
    }
    return out;
  }
}

/** Concept steps on a path: at one distance, pages reached by links and dates come before those a shared word reached. */
function viaConcepts(via: { step: Step }[]): number {
  return via.filter((v) => v.step.edge === 'concept').length;
}

/** A daily note's date: its key's or its file name's last segment, when that is YYYY-MM-DD. */
function dateOf(key: string, path: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
  const last = key.slice(key.lastIndexOf('/') + 1);
  return DATE.test(last) ? last : DATE.test(name) ? name : null;
}

/** The seed pages: the page a key names (as the agent sees it), or the pages of a query's search hits. */
export async function seedPages(
  store: Store,
  seed: { query: string; agent?: string | null } | PageRef,
  hits: { root: string; path: string }[],
  viewer: Viewer,
): Promise<{ seeds: number[] }> {
  if ('query' in seed) return { seeds: await store.pages.idsAt(hits) };
  return { seeds: [(await pageNamedOrThrow(store, seed, viewer)).id] };
}

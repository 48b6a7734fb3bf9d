// recall: walk out from seed pages, breadth first, over links either way, shared concepts (a page
// names or mentions a concept another page names or mentions) and `follows` between dated notes
// of one folder (a daily note and the dated notes before and after it), and answer the connected
// set nearest first (then reached by more seeds, then by fewer concept steps) with the path that
// reached each page: why it is here.
import type { RecallPage, RecallStep, RecallWalkResponse } from '../../../shared/graph.ts';
import type { Db } from '../store/database.ts';
import { NotFound } from '../../../shared/errors.ts';
import { findPageRow } from './page-view.ts';
import { hiddenFrom } from './reference-graph.ts';
import { conceptPages } from './concept-pages.ts';
import { pageCondition } from '../store/sqlite/page-filter.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import { conceptsSeenBy } from '../store/sqlite/visibility.ts';

export interface RecallWalkQuery {
  seeds: number[];
  hops: number;
  limit: number;
  /** Who walks: it never steps onto a page, nor through a concept, it may not see. */
  viewer: Viewer;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Row {
  id: number;
  key: string;
  title: string;
  path: string;
  root: string;
  rootId: number;
}
interface Step {
  to: number;
  edge: RecallStep['edge'];
  concept?: string;
}

export function recallWalk(db: Db, q: RecallWalkQuery): RecallWalkResponse {
  return db.transaction(() => walk(db, q))();
}

function walk(db: Db, q: RecallWalkQuery): RecallWalkResponse {
  const hidden = hiddenFrom(db, q.viewer);
  // retired pages are never walked to (as search never returns them); a seed asked for by key still shows
  const graph = new Neighbours(db, new Set([...hidden, ...retiredPages(db)]), q.viewer);
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
        for (const step of graph.of(id)) {
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
  const rows = graph.rows([...best.keys()]);
  const ranked = [...best.entries()]
    .filter(([id]) => rows.has(id))
    .sort(([a, x], [b, y]) => x.distance - y.distance || reached.get(b)! - reached.get(a)! || viaConcepts(x.via) - viaConcepts(y.via) || rows.get(a)!.key.localeCompare(rows.get(b)!.key));
  const kept = ranked.slice(0, q.limit);
  const keyOf = (id: number) => rows.get(id)?.key ?? graph.rows([id]).get(id)!.key;
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

/** Pages search never returns (archived, `usage_mode: never`): those its unfiltered condition leaves out. */
function retiredPages(db: Db): number[] {
  const { sql, params } = pageCondition({});
  return db.prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id WHERE NOT (${sql})`).pluck().all(...params) as number[];
}

/** A page's steps out, read once each: links out, links in, shared concepts, then the dated notes next to it. */
class Neighbours {
  private memo = new Map<number, Step[]>();
  private folders = new Map<string, number[]>();
  private stmts;
  private conceptPages;

  constructor(
    private db: Db,
    private hidden: Set<number>,
    private viewer: Viewer,
  ) {
    this.conceptPages = conceptPages(db);
    this.stmts = {
      out: db.prepare(`SELECT target_page_id FROM links WHERE page_id = ? AND target_page_id IS NOT NULL AND target_page_id != page_id GROUP BY target_page_id ORDER BY min(ord)`).pluck(),
      in: db.prepare(`SELECT DISTINCT page_id FROM links WHERE target_page_id = ? AND page_id != target_page_id ORDER BY page_id`).pluck(),
      concepts: db.prepare(
        `SELECT c.norm, c.name FROM concepts c WHERE c.norm IN (SELECT concept FROM mentions WHERE page_id = @id UNION SELECT norm FROM concept_names WHERE page_id = @id) ORDER BY c.norm`,
      ),
      page: db.prepare(`SELECT p.id, p.key, p.title, f.rel_path AS path, r.path AS root, f.root_id AS rootId FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id WHERE p.id = ?`),
      folder: db.prepare(`SELECT p.id, p.key, f.rel_path AS path FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ? AND f.rel_path LIKE ? ESCAPE '\\'`),
    };
  }

  of(id: number): Step[] {
    let steps = this.memo.get(id);
    if (!steps) {
      steps = [];
      for (const to of this.stmts.out.all(id) as number[]) steps.push({ to, edge: 'link' });
      for (const to of this.stmts.in.all(id) as number[]) steps.push({ to, edge: 'backlink' });
      const concepts = this.stmts.concepts.all({ id }) as { norm: string; name: string }[];
      const seen = conceptsSeenBy(this.db, this.viewer, concepts.map((c) => c.norm));
      for (const c of concepts) {
        const name = seen ? seen.get(c.norm)?.name : c.name;
        if (name === undefined) continue;
        for (const to of this.conceptPages(c.norm) ?? []) if (to !== id) steps.push({ to, edge: 'concept', concept: name });
      }
      for (const to of this.follows(id)) steps.push({ to, edge: 'follows' });
      steps = steps.filter((s) => !this.hidden.has(s.to));
      this.memo.set(id, steps);
    }
    return steps;
  }

  /** The dated notes just before and after a dated note, in its folder. */
  private follows(id: number): number[] {
    const r = this.row(id);
    if (!r || !dateOf(r.key, r.path)) return [];
    const slash = r.path.lastIndexOf('/');
    const folder = slash < 0 ? '' : r.path.slice(0, slash + 1);
    const memoKey = `${r.rootId}\0${folder}`;
    let dated = this.folders.get(memoKey);
    if (!dated) {
      const rows = this.stmts.folder.all(r.rootId, `${folder.replace(/[\\%_]/g, '\\$&')}%`) as { id: number; key: string; path: string }[];
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

  private rowMemo = new Map<number, Row | null>();
  private row(id: number): Row | null {
    if (!this.rowMemo.has(id)) this.rowMemo.set(id, (this.stmts.page.get(id) as Row | undefined) ?? null);
    return this.rowMemo.get(id)!;
  }

  rows(ids: number[]): Map<number, Row> {
    const out = new Map<number, Row>();
    for (const id of ids) {
      const r = this.row(id);
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
export function seedPages(db: Db, seed: { query: string; agent?: string | null } | { key: string; agent?: string | null }, hits: { root: string; path: string }[]): { seeds: number[] } {
  if ('key' in seed) {
    const agent = seed.agent ?? null;
    const page = findPageRow(db, seed.key, agent);
    if (!page) throw new NotFound(`no page with key "${seed.key}"${agent ? ` for agent ${agent}` : ''}; list pages with \`cairn search\``);
    return { seeds: [page.id] };
  }
  const stmt = db.prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id WHERE r.path = ? AND f.rel_path = ?`).pluck();
  return { seeds: hits.map((h) => stmt.get(h.root, h.path) as number | undefined).filter((id): id is number => id !== undefined) };
}

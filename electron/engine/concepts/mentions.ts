// Keeps `mentions` and `concepts` in step with the pages, inside the indexing run's link
// transaction. The dictionary is rebuilt from concept_names (cheap: a few rows a page); when its
// phrases are what they were, only the pages written in this run are matched again, otherwise
// every page is, in one pass over the stored prose with the prebuilt phrase lookup.
import type { Db } from '../store/database.ts';
import { tokenize } from '../ingest/parse/markdown.ts';
import { inlineBlocks } from '../ingest/parse/inline.ts';
import { proseLines } from '../ingest/parse/prose.ts';
import { buildDictionary, matchProse, type Dictionary } from './dictionary.ts';

export interface ConceptChanges {
  /** pages written in this run */
  pageIds: Iterable<number>;
  /** whether the run wrote or deleted anything */
  wrote: boolean;
  /** rematch every page (a repair after a crash) */
  all: boolean;
  aliases: Record<string, string>;
}

export interface ConceptRefresh {
  full: boolean;
  pages: number;
  concepts: number;
}

const meta = (db: Db, key: string) => db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck().get(key) as string | undefined;
const setMeta = (db: Db, key: string, value: string) => db.prepare(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, value);

/** Call inside the link phase's write transaction. */
export function refreshConcepts(db: Db, c: ConceptChanges): ConceptRefresh | null {
  const aliases = JSON.stringify(Object.entries(c.aliases).sort());
  const pending = meta(db, 'concepts_all') === '1' || meta(db, 'concept_aliases') !== aliases;
  if (!c.wrote && !c.all && !pending) return null;
  const dict = buildDictionary(db, c.aliases);
  const full = c.all || pending || meta(db, 'concepts_fingerprint') !== dict.fingerprint;
  const ids = full ? null : [...c.pageIds];
  const pages = matchPages(db, dict, ids);
  writeConcepts(db, dict);
  setMeta(db, 'concepts_fingerprint', dict.fingerprint);
  setMeta(db, 'concept_aliases', aliases);
  db.prepare(`DELETE FROM meta WHERE key = 'concepts_all'`).run();
  return { full, pages, concepts: dict.concepts.size };
}

/** Prose of a page indexed before concepts were: read again from its body (lines count from the body's start). */
function proseOfBody(body: string): string {
  try {
    return proseLines(inlineBlocks(tokenize(body)), 1);
  } catch {
    return '';
  }
}

function matchPages(db: Db, dict: Dictionary, ids: number[] | null): number {
  if (ids && ids.length === 0) return 0;
  const select = `SELECT id, prose, CASE WHEN prose IS NULL THEN body END AS body FROM pages`;
  const rows = (ids === null ? db.prepare(select).all() : db.prepare(`${select} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids))) as { id: number; prose: string | null; body: string | null }[];
  if (ids === null) db.prepare(`DELETE FROM mentions`).run();
  else db.prepare(`DELETE FROM mentions WHERE page_id IN (SELECT value FROM json_each(?))`).run(JSON.stringify(ids));
  const insert = db.prepare(`INSERT INTO mentions (page_id, concept, line, n) VALUES (?, ?, ?, ?)`);
  const saveProse = db.prepare(`UPDATE pages SET prose = ? WHERE id = ?`);
  for (const r of rows) {
    let prose = r.prose;
    if (prose === null) saveProse.run((prose = proseOfBody(r.body ?? '')), r.id);
    for (const m of matchProse(prose, dict, dict.selves.get(r.id))) insert.run(r.id, m.concept, m.line, m.n);
  }
  return rows.length;
}

/** The concepts table: rewritten whole, with how many pages mention each. */
function writeConcepts(db: Db, dict: Dictionary): void {
  db.prepare(`DELETE FROM concepts`).run();
  const insert = db.prepare(`INSERT INTO concepts (norm, name, variants, sources) VALUES (?, ?, ?, ?)`);
  for (const c of dict.concepts.values()) insert.run(c.norm, c.name, JSON.stringify(c.variants), c.sources);
  db.prepare(`UPDATE concepts SET mentions = (SELECT count(*) FROM mentions m WHERE m.concept = concepts.norm)`).run();
}

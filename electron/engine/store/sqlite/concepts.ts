// ConceptRepo over the SQLite index: `concepts` and `concept_forms` (the dictionary), `concept_names`
// (triggers note changed names in `concept_dirty`), `mentions` (a deleted page's go to
// `mentions_gone`), and the pages' prose and `prose_sigs`. Fixed statements are prepared once per
// connection; those over a list of ids take it as one JSON parameter.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import {
  conceptOf,
  type Concept,
  type ConceptMention,
  type ConceptRepo,
  type ConceptRow,
  type ConceptStep,
  type NameRow,
  type PageMention,
  type PageName,
  type PageProse,
  type PendingRematch,
  type RankedConcept,
} from '../concepts.ts';
import { lazyStatements } from './lazy-statements.ts';
import { metaTable } from './meta-table.ts';
import type { Viewer } from '../../../../shared/viewer.ts';
import { conceptsSeenBy } from './visibility.ts';
import type { SeenConcept } from '../visibility.ts';

/** Rows per INSERT when every mention row is written again: fewer statements to run. */
const ROWS_PER_INSERT = 100;

const PROSE = `SELECT p.id, p.prose, CASE WHEN p.prose IS NULL THEN p.body END AS body, s.page_id IS NULL AS unsigned FROM pages p LEFT JOIN prose_sigs s ON s.page_id = p.id`;
const MENTIONS = `SELECT m.page_id AS pageId, m.concept, c.name, m.line, m.n FROM mentions m JOIN concepts c ON c.norm = m.concept`;
const SELF_NAMES = `SELECT page_id, norm FROM concept_names WHERE source <> 'tag'`;

const list = (items: unknown[]) => JSON.stringify(items);

export class SqliteConcepts implements ConceptRepo {
  private readonly writes: ReturnType<typeof pageWrites>;
  private prepared?: ReturnType<typeof statements>;
  private readonly pagesOfByLimit = new Map<number, Statement>();

  constructor(private readonly db: Db) {
    this.writes = pageWrites(db);
  }

  private get stmts() {
    return (this.prepared ??= statements(this.db));
  }

  /** A concept's pages up to `limit`, with the limit written into the statement: SQLite runs this
   * UNION with a constant LIMIT about three times faster than with a bound one (the graph lane asks
   * it for every concept its seeds name). */
  private pagesOfStatement(limit: number): Statement {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`a page limit must be a whole number, got ${limit}`);
    let stmt = this.pagesOfByLimit.get(limit);
    if (!stmt) {
      stmt = this.db
        .prepare(`SELECT page_id FROM concept_names WHERE norm = @norm UNION SELECT page_id FROM mentions WHERE concept = @norm ORDER BY 1 LIMIT ${limit}`)
        .pluck();
      this.pagesOfByLimit.set(limit, stmt);
    }
    return stmt;
  }

  private get meta() {
    return metaTable(this.db);
  }

  async byMentions(): Promise<RankedConcept[]> {
    return (this.stmts.byMentions.all() as (ConceptRow & { mentions: number })[]).map((r) => ({ ...conceptOf(r), mentions: r.mentions }));
  }

  async seenBy(viewer: Viewer, norms?: readonly string[]): Promise<Map<string, SeenConcept> | null> {
    return conceptsSeenBy(this.db, viewer, norms);
  }

  async pagesOf(norm: string, limit: number): Promise<number[]> {
    return this.pagesOfStatement(limit).all({ norm }) as number[];
  }

  async generation(): Promise<string> {
    return this.meta.get('concept_gen') ?? '';
  }

  async setGeneration(gen: string): Promise<void> {
    this.meta.set('concept_gen', gen);
  }

  async forms(): Promise<[string, string][]> {
    return this.stmts.forms.all() as [string, string][];
  }

  async formsOf(concept: string): Promise<string[]> {
    return this.stmts.formsOf.all(concept) as string[];
  }

  async dirtyNames(): Promise<string[]> {
    return this.stmts.dirty.all() as string[];
  }

  async names(norms: string[] | null): Promise<NameRow[]> {
    return (norms === null ? this.stmts.allNames.all() : this.stmts.names.all(list(norms))) as NameRow[];
  }

  async keyOrAliasPages(norm: string): Promise<{ page_id: number; source: string }[]> {
    return this.stmts.keyOrAliasPages.all(norm) as { page_id: number; source: string }[];
  }

  async keysAndAliases(pageId: number): Promise<{ norm: string; source: string }[]> {
    return this.stmts.keysAndAliases.all(pageId) as { norm: string; source: string }[];
  }

  async concepts(norms: string[] | null): Promise<Concept[]> {
    return ((norms === null ? this.stmts.allConcepts.all() : this.stmts.concepts.all(list(norms))) as ConceptRow[]).map(conceptOf);
  }

  async writeForms(put: [string, string][], drop: string[]): Promise<void> {
    for (const [form, concept] of put) this.stmts.putForm.run(form, concept);
    for (const form of drop) this.stmts.dropForm.run(form);
  }

  async writeConcepts(change: { drop: string[]; insert: Concept[]; update: Concept[] }): Promise<void> {
    const s = this.stmts;
    for (const norm of change.drop) s.dropConcept.run(norm);
    for (const c of change.insert) s.insertConcept.run(c.norm, c.name, JSON.stringify(c.variants), c.sources);
    for (const c of change.update) s.updateConcept.run(c.name, JSON.stringify(c.variants), c.sources, c.norm);
  }

  async refreshState(): Promise<{ aliases: string | null; rematchAll: boolean }> {
    return { aliases: this.meta.get('concept_aliases'), rematchAll: this.meta.get('concepts_all') === '1' };
  }

  async finishRefresh(aliases: string): Promise<void> {
    this.stmts.clearDirty.run();
    this.stmts.clearGone.run();
    this.meta.set('concept_aliases', aliases);
    this.meta.delete('concepts_all');
  }

  async pendingRematch(): Promise<PendingRematch[]> {
    return JSON.parse(this.meta.get('concepts_pending') ?? '[]') as PendingRematch[];
  }

  async setPendingRematch(work: readonly PendingRematch[]): Promise<void> {
    // a few forms a write: a value of the meta table, rewritten whole by each chunk of the drain
    if (work.length) this.meta.set('concepts_pending', JSON.stringify(work));
    else this.meta.delete('concepts_pending');
  }

  async goneMentions(): Promise<string[]> {
    return this.stmts.gone.all() as string[];
  }

  async pagesReached(concepts: string[], forms: string[]): Promise<number[]> {
    return this.stmts.reached.all(list(concepts), list(forms)) as number[];
  }

  async unsignedPages(): Promise<number[]> {
    // the count first: on a wiki whose every page is signed, no scan of the pages
    if (this.stmts.anyUnsigned.get() !== 1) return [];
    return this.stmts.unsigned.all() as number[];
  }

  async signatureCount(): Promise<number> {
    return this.stmts.signatureCount.get() as number;
  }

  async signaturesSince(seq: number): Promise<{ pageId: number; seq: number; sig: Uint8Array }[]> {
    return (this.stmts.signaturesSince.all(seq) as [number, number, Uint8Array][]).map(([pageId, seq, sig]) => ({ pageId, seq, sig }));
  }

  async selfNames(pageIds: number[] | null): Promise<[number, string][]> {
    return (pageIds === null ? this.stmts.allSelfNames.all() : this.stmts.selfNames.all(list(pageIds))) as [number, string][];
  }

  async prose(pageIds: number[] | null): Promise<PageProse[]> {
    const rows = (pageIds === null ? this.stmts.allProse.all() : this.stmts.prose.all(list(pageIds))) as (Omit<PageProse, 'unsigned'> & { unsigned: number })[];
    return rows.map((r) => ({ ...r, unsigned: r.unsigned === 1 }));
  }

  async saveProse(prose: { pageId: number; prose: string }[], sigs: { pageId: number; sig: Uint8Array }[]): Promise<void> {
    for (const p of prose) this.stmts.setProse.run(p.prose, p.pageId);
    for (const s of sigs) this.stmts.addSig.run(s.pageId, Buffer.from(s.sig.buffer, s.sig.byteOffset, s.sig.byteLength));
  }

  async mentionRows(pageIds: number[]): Promise<PageMention[]> {
    return this.stmts.mentionRows.all(list(pageIds)) as PageMention[];
  }

  async replaceAllMentions(rows: PageMention[]): Promise<void> {
    // refilling the whole table, the concept index is cheaper built once than kept up row by row
    this.db.exec(`DROP INDEX IF EXISTS mentions_concept; DELETE FROM mentions`);
    const many = this.stmts.insertMentions;
    const batch: (number | string)[] = [];
    for (const m of rows) {
      batch.push(m.pageId, m.concept, m.line, m.n);
      if (batch.length === ROWS_PER_INSERT * 4) {
        many.run(batch);
        batch.length = 0;
      }
    }
    for (let i = 0; i < batch.length; i += 4) this.stmts.insertMention.run(batch.slice(i, i + 4));
    this.db.exec(`CREATE INDEX mentions_concept ON mentions(concept)`);
  }

  async writeMentions(change: { insert: PageMention[]; update: PageMention[]; remove: { pageId: number; concept: string }[] }): Promise<void> {
    const s = this.stmts;
    for (const m of change.insert) s.insertMention.run(m.pageId, m.concept, m.line, m.n);
    for (const m of change.update) s.updateMention.run(m.line, m.n, m.pageId, m.concept);
    for (const m of change.remove) s.removeMention.run(m.pageId, m.concept);
  }

  async recountMentions(concepts: string[] | null): Promise<void> {
    if (concepts === null) this.stmts.recountAll.run();
    else if (concepts.length) this.stmts.recount.run(list(concepts));
  }

  async moveMentionCounts(delta: [string, number][]): Promise<void> {
    for (const [concept, by] of delta) this.stmts.moveCount.run(by, concept);
  }

  async mentionedBy(pageId: number): Promise<string[]> {
    return this.stmts.mentionedBy.all(pageId) as string[];
  }

  async taggedBy(pageId: number): Promise<string[]> {
    return this.stmts.taggedBy.all(pageId) as string[];
  }

  async nameOf(norm: string): Promise<string | null> {
    return (this.stmts.nameOf.get(norm) as string | undefined) ?? null;
  }

  async pagesNaming(norm: string): Promise<{ id: number; key: string; agent: string | null }[]> {
    return this.stmts.pagesNaming.all(norm) as { id: number; key: string; agent: string | null }[];
  }

  async sharedWith(seeds: number[], fanout: number, viewer: Viewer): Promise<ConceptStep[]> {
    const named = this.stmts.conceptsOfPages.all({ ids: list(seeds) }) as { seed: number; norm: string; name: string }[];
    // a concept only pages the viewer may not read name is no step for it, nor a name it may read
    const seen = conceptsSeenBy(this.db, viewer, [...new Set(named.map((c) => c.norm))]);
    const concepts = seen ? named.flatMap((c) => (seen.has(c.norm) ? [{ ...c, name: seen.get(c.norm)!.name }] : [])) : named;
    const pages = new Map<string, number[] | null>();
    const steps: ConceptStep[] = [];
    for (const c of concepts) {
      if (!pages.has(c.norm)) {
        // one past the fan-out is enough to tell a concept on too many pages
        const found = this.pagesOfStatement(fanout + 1).all({ norm: c.norm }) as number[];
        pages.set(c.norm, found.length > fanout ? null : found);
      }
      for (const to of pages.get(c.norm) ?? []) if (to !== c.seed) steps.push({ seed: c.seed, to, edge: 'concept', concept: c.name });
    }
    return steps;
  }

  async setNames(pageId: number, names: readonly PageName[]): Promise<void> {
    // each name written marks its concept for regrouping (triggers concept_names_*): unchanged names stay
    const was = this.writes.namesOf.all(pageId) as PageName[];
    if (was.length === names.length && was.every((o, i) => o.source === names[i]!.source && o.name === names[i]!.name && o.norm === names[i]!.norm)) return;
    this.writes.deleteNames.run(pageId);
    for (const n of names) this.writes.insertName.run(pageId, n.source, n.name, n.norm);
  }

  async saveProseSig(pageId: number, sig: Uint8Array): Promise<void> {
    this.writes.saveSig.run(pageId, Buffer.from(sig.buffer, sig.byteOffset, sig.byteLength));
  }

  async mentionsOf(pageIds: readonly number[] | null): Promise<ConceptMention[]> {
    return (pageIds === null ? this.stmts.allMentions.all() : this.stmts.mentionsOf.all(list([...pageIds]))) as ConceptMention[];
  }

  async ofPage(pageId: number): Promise<{ norm: string; name: string }[]> {
    return this.stmts.ofPage.all({ id: pageId }) as { norm: string; name: string }[];
  }
}

function statements(db: Db) {
  const inList = `IN (SELECT value FROM json_each(?))`;
  return {
    byMentions: db.prepare(`SELECT norm, name, variants, sources, mentions FROM concepts ORDER BY mentions DESC, name`),
    forms: db.prepare(`SELECT form, concept FROM concept_forms`).raw(),
    formsOf: db.prepare(`SELECT form FROM concept_forms WHERE concept = ?`).pluck(),
    dirty: db.prepare(`SELECT norm FROM concept_dirty`).pluck(),
    allNames: db.prepare(`SELECT page_id, source, name, norm FROM concept_names ORDER BY rowid`),
    names: db.prepare(`SELECT page_id, source, name, norm FROM concept_names WHERE norm ${inList} ORDER BY rowid`),
    keyOrAliasPages: db.prepare(`SELECT page_id, source FROM concept_names WHERE norm = ? AND source IN ('key', 'alias')`),
    keysAndAliases: db.prepare(`SELECT norm, source FROM concept_names WHERE page_id = ? AND source IN ('key', 'alias')`),
    allConcepts: db.prepare(`SELECT norm, name, variants, sources FROM concepts`),
    concepts: db.prepare(`SELECT norm, name, variants, sources FROM concepts WHERE norm ${inList}`),
    putForm: db.prepare(`INSERT INTO concept_forms (form, concept) VALUES (?, ?) ON CONFLICT (form) DO UPDATE SET concept = excluded.concept`),
    dropForm: db.prepare(`DELETE FROM concept_forms WHERE form = ?`),
    dropConcept: db.prepare(`DELETE FROM concepts WHERE norm = ?`),
    insertConcept: db.prepare(`INSERT INTO concepts (norm, name, variants, sources) VALUES (?, ?, ?, ?)`),
    updateConcept: db.prepare(`UPDATE concepts SET name = ?, variants = ?, sources = ? WHERE norm = ?`),
    clearDirty: db.prepare(`DELETE FROM concept_dirty`),
    clearGone: db.prepare(`DELETE FROM mentions_gone`),
    gone: db.prepare(`SELECT concept FROM mentions_gone`).pluck(),
    reached: db
      .prepare(`SELECT page_id FROM mentions WHERE concept ${inList} UNION SELECT page_id FROM concept_names WHERE source <> 'tag' AND norm ${inList}`)
      .pluck(),
    anyUnsigned: db.prepare(`SELECT (SELECT count(*) FROM pages) > (SELECT count(*) FROM prose_sigs)`).pluck(),
    unsigned: db.prepare(`SELECT id FROM pages WHERE id NOT IN (SELECT page_id FROM prose_sigs)`).pluck(),
    signatureCount: db.prepare(`SELECT count(*) FROM prose_sigs`).pluck(),
    signaturesSince: db.prepare(`SELECT page_id, seq, sig FROM prose_sigs WHERE seq > ? ORDER BY seq`).raw(),
    allSelfNames: db.prepare(SELF_NAMES).raw(),
    selfNames: db.prepare(`${SELF_NAMES} AND page_id ${inList}`).raw(),
    allProse: db.prepare(PROSE),
    prose: db.prepare(`${PROSE} WHERE p.id ${inList}`),
    setProse: db.prepare(`UPDATE pages SET prose = ? WHERE id = ?`),
    addSig: db.prepare(`INSERT INTO prose_sigs (page_id, sig, seq) VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM prose_sigs))`),
    mentionRows: db.prepare(`SELECT page_id AS pageId, concept, line, n FROM mentions WHERE page_id ${inList}`),
    insertMention: db.prepare(`INSERT INTO mentions (page_id, concept, line, n) VALUES (?, ?, ?, ?)`),
    insertMentions: db.prepare(`INSERT INTO mentions (page_id, concept, line, n) VALUES ${Array(ROWS_PER_INSERT).fill('(?, ?, ?, ?)').join(', ')}`),
    updateMention: db.prepare(`UPDATE mentions SET line = ?, n = ? WHERE page_id = ? AND concept = ?`),
    removeMention: db.prepare(`DELETE FROM mentions WHERE page_id = ? AND concept = ?`),
    recountAll: db.prepare(`UPDATE concepts SET mentions = (SELECT count(*) FROM mentions m WHERE m.concept = concepts.norm)`),
    recount: db.prepare(`UPDATE concepts SET mentions = (SELECT count(*) FROM mentions m WHERE m.concept = concepts.norm) WHERE norm ${inList}`),
    moveCount: db.prepare(`UPDATE concepts SET mentions = mentions + ? WHERE norm = ?`),
    // what the graph and recall read
    allMentions: db.prepare(`${MENTIONS} ORDER BY m.page_id, m.line`),
    mentionsOf: db.prepare(`${MENTIONS} WHERE m.page_id ${inList} ORDER BY m.page_id, m.line`),
    ofPage: db.prepare(
      `SELECT c.norm, c.name FROM concepts c WHERE c.norm IN (SELECT concept FROM mentions WHERE page_id = @id UNION SELECT norm FROM concept_names WHERE page_id = @id) ORDER BY c.norm`,
    ),
    // what consolidation groups notes by
    mentionedBy: db.prepare(`SELECT concept FROM mentions WHERE page_id = ?`).pluck(),
    taggedBy: db.prepare(`SELECT norm FROM concept_names WHERE page_id = ? AND source IN ('tag', 'alias')`).pluck(),
    nameOf: db.prepare(`SELECT name FROM concepts WHERE norm = ?`).pluck(),
    pagesNaming: db.prepare(
      `SELECT p.id, p.key, p.agent FROM concept_names n JOIN pages p ON p.id = n.page_id
        WHERE n.norm = ? AND n.source IN ('key', 'title', 'alias') AND p.archived_since IS NULL ORDER BY p.key`,
    ),
    // what the graph lane steps along: the concepts the pages mention or name
    conceptsOfPages: db.prepare(
      `SELECT s.seed, c.norm, c.name FROM (SELECT page_id AS seed, concept AS norm FROM mentions WHERE page_id IN (SELECT value FROM json_each(@ids))
         UNION SELECT page_id, norm FROM concept_names WHERE page_id IN (SELECT value FROM json_each(@ids))) s JOIN concepts c ON c.norm = s.norm`,
    ),
  };
}

/** What an indexing run writes of each page, prepared on first use. */
function pageWrites(db: Db) {
  return lazyStatements(db, {
    namesOf: `SELECT source, name, norm FROM concept_names WHERE page_id = ? ORDER BY rowid`,
    deleteNames: `DELETE FROM concept_names WHERE page_id = ?`,
    insertName: `INSERT INTO concept_names (page_id, source, name, norm) VALUES (?, ?, ?, ?)`,
    saveSig: `INSERT INTO prose_sigs (page_id, sig, seq) VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM prose_sigs))
      ON CONFLICT (page_id) DO UPDATE SET sig = excluded.sig, seq = excluded.seq`,
  });
}

// ConceptRepo over PostgreSQL: the same tables as the SQLite index (sqlite/concepts.ts says what
// each holds; schema/concepts.ts's triggers do what SQLite's do). Every answer is ordered as
// SQLite gives it, written out here where SQLite's comes from its table's key or index. A list of
// rows is written in one statement (arrays unnested), not one statement per row: each statement
// is a round trip here.
import type { Viewer } from '../../../../shared/viewer.ts';
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
import { moveMentionCounts, replaceAllMentions, writeMentions } from './concept-mentions.ts';
import { namesWithNorms, setNames } from './concept-names.ts';
import { checkedLimit, sharedWith } from './concept-steps.ts';
import { pgMeta } from './meta.ts';
import type { Sql } from './sql.ts';
import { lastOf } from './unnested-rows.ts';
import { conceptsSeenBy, type SeenConcept } from './visibility.ts';

const PROSE = `SELECT p.id, p.prose, CASE WHEN p.prose IS NULL THEN p.body END AS body, s.page_id IS NULL AS unsigned FROM pages p LEFT JOIN prose_sigs s ON s.page_id = p.id`;
const MENTIONS = `SELECT m.page_id AS "pageId", m.concept, c.name, m.line, m.n FROM mentions m JOIN concepts c ON c.norm = m.concept`;
const SELF_NAMES = `SELECT page_id, norm FROM concept_names WHERE source <> 'tag'`;
const CONCEPTS = `SELECT norm, name, variants, sources FROM concepts`;

export class PgConcepts implements ConceptRepo {
  private readonly meta: ReturnType<typeof pgMeta>;

  constructor(private readonly sql: Sql) {
    this.meta = pgMeta(sql);
  }

  async byMentions(): Promise<RankedConcept[]> {
    const rows = await this.sql.rows<ConceptRow & { mentions: number }>(
      `SELECT norm, name, variants, sources, mentions FROM concepts ORDER BY mentions DESC, name, norm`,
    );
    return rows.map((r) => ({ ...conceptOf(r), mentions: r.mentions }));
  }

  seenBy(viewer: Viewer, norms?: readonly string[]): Promise<Map<string, SeenConcept> | null> {
    return conceptsSeenBy(this.sql, viewer, norms);
  }

  async pagesOf(norm: string, limit: number): Promise<number[]> {
    const rows = await this.sql.rows<{ page_id: number }>(
      `SELECT page_id FROM concept_names WHERE norm = ? UNION SELECT page_id FROM mentions WHERE concept = ? ORDER BY 1 LIMIT ?`,
      [norm, norm, checkedLimit(limit)],
    );
    return rows.map((r) => r.page_id);
  }

  async generation(): Promise<string> {
    return (await this.meta.get('concept_gen')) ?? '';
  }

  setGeneration(gen: string): Promise<void> {
    return this.meta.set('concept_gen', gen);
  }

  async forms(): Promise<[string, string][]> {
    // SQLite reads them from its index on concept, which holds them all
    const rows = await this.sql.rows<{ form: string; concept: string }>(`SELECT form, concept FROM concept_forms ORDER BY concept, form`);
    return rows.map((r) => [r.form, r.concept]);
  }

  async formsOf(concept: string): Promise<string[]> {
    return (await this.sql.rows<{ form: string }>(`SELECT form FROM concept_forms WHERE concept = ? ORDER BY form`, [concept])).map((r) => r.form);
  }

  async dirtyNames(): Promise<string[]> {
    return (await this.sql.rows<{ norm: string }>(`SELECT norm FROM concept_dirty ORDER BY norm`)).map((r) => r.norm);
  }

  names(norms: string[] | null): Promise<NameRow[]> {
    return namesWithNorms(this.sql, norms);
  }

  keyOrAliasPages(norm: string): Promise<{ page_id: number; source: string }[]> {
    return this.sql.rows(`SELECT page_id, source FROM concept_names WHERE norm = ? AND source IN ('key', 'alias') ORDER BY rowid`, [norm]);
  }

  keysAndAliases(pageId: number): Promise<{ norm: string; source: string }[]> {
    return this.sql.rows(`SELECT norm, source FROM concept_names WHERE page_id = ? AND source IN ('key', 'alias') ORDER BY rowid`, [pageId]);
  }

  async concepts(norms: string[] | null): Promise<Concept[]> {
    const rows =
      norms === null
        ? await this.sql.rows<ConceptRow>(`${CONCEPTS} ORDER BY norm`)
        : await this.sql.rows<ConceptRow>(`${CONCEPTS} WHERE norm = ANY(?::text[]) ORDER BY norm`, [norms]);
    return rows.map(conceptOf);
  }

  async writeForms(put: [string, string][], drop: string[]): Promise<void> {
    const forms = lastOf(put, ([form]) => form);
    if (forms.length) {
      await this.sql.run(
        `INSERT INTO concept_forms (form, concept) SELECT * FROM unnest(?::text[], ?::text[]) ON CONFLICT (form) DO UPDATE SET concept = excluded.concept`,
        [forms.map(([f]) => f), forms.map(([, c]) => c)],
      );
    }
    if (drop.length) await this.sql.run(`DELETE FROM concept_forms WHERE form = ANY(?::text[])`, [drop]);
  }

  async writeConcepts(change: { drop: string[]; insert: Concept[]; update: Concept[] }): Promise<void> {
    const columns = (cs: Concept[]) => [cs.map((c) => c.norm), cs.map((c) => c.name), cs.map((c) => JSON.stringify(c.variants)), cs.map((c) => c.sources)];
    if (change.drop.length) await this.sql.run(`DELETE FROM concepts WHERE norm = ANY(?::text[])`, [change.drop]);
    if (change.insert.length) {
      await this.sql.run(
        `INSERT INTO concepts (norm, name, variants, sources) SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::int[])`,
        columns(change.insert),
      );
    }
    const update = lastOf(change.update, (c) => c.norm);
    if (update.length) {
      await this.sql.run(
        `UPDATE concepts c SET name = u.name, variants = u.variants, sources = u.sources
           FROM unnest(?::text[], ?::text[], ?::text[], ?::int[]) AS u(norm, name, variants, sources) WHERE c.norm = u.norm`,
        columns(update),
      );
    }
  }

  async refreshState(): Promise<{ aliases: string | null; rematchAll: boolean }> {
    return { aliases: await this.meta.get('concept_aliases'), rematchAll: (await this.meta.get('concepts_all')) === '1' };
  }

  async finishRefresh(aliases: string): Promise<void> {
    await this.sql.run(`DELETE FROM concept_dirty`);
    await this.sql.run(`DELETE FROM mentions_gone`);
    await this.meta.set('concept_aliases', aliases);
    await this.meta.delete('concepts_all');
  }

  async pendingRematch(): Promise<PendingRematch[]> {
    return JSON.parse((await this.meta.get('concepts_pending')) ?? '[]') as PendingRematch[];
  }

  setPendingRematch(work: readonly PendingRematch[]): Promise<void> {
    return work.length ? this.meta.set('concepts_pending', JSON.stringify(work)) : this.meta.delete('concepts_pending');
  }

  async goneMentions(): Promise<string[]> {
    return (await this.sql.rows<{ concept: string }>(`SELECT concept FROM mentions_gone ORDER BY concept`)).map((r) => r.concept);
  }

  async pagesReached(concepts: string[], forms: string[]): Promise<number[]> {
    const rows = await this.sql.rows<{ page_id: number }>(
      `SELECT page_id FROM mentions WHERE concept = ANY(?::text[]) UNION SELECT page_id FROM concept_names WHERE source <> 'tag' AND norm = ANY(?::text[]) ORDER BY 1`,
      [concepts, forms],
    );
    return rows.map((r) => r.page_id);
  }

  async unsignedPages(): Promise<number[]> {
    const rows = await this.sql.rows<{ id: number }>(
      `SELECT p.id FROM pages p WHERE NOT EXISTS (SELECT 1 FROM prose_sigs s WHERE s.page_id = p.id) ORDER BY p.id`,
    );
    return rows.map((r) => r.id);
  }

  async signatureCount(): Promise<number> {
    return (await this.sql.value<number>(`SELECT count(*) FROM prose_sigs`)) ?? 0;
  }

  async signaturesSince(seq: number): Promise<{ pageId: number; seq: number; sig: Uint8Array }[]> {
    return this.sql.rows(`SELECT page_id AS "pageId", seq, sig FROM prose_sigs WHERE seq > ? ORDER BY seq`, [seq]);
  }

  async selfNames(pageIds: number[] | null): Promise<[number, string][]> {
    const rows =
      pageIds === null
        ? await this.sql.rows<{ page_id: number; norm: string }>(`${SELF_NAMES} ORDER BY rowid`)
        : // by page, then stored order: SQLite looks each page up in its index on page_id
          await this.sql.rows<{ page_id: number; norm: string }>(`${SELF_NAMES} AND page_id = ANY(?::int[]) ORDER BY page_id, rowid`, [pageIds]);
    return rows.map((r) => [r.page_id, r.norm]);
  }

  async prose(pageIds: number[] | null): Promise<PageProse[]> {
    return pageIds === null
      ? this.sql.rows<PageProse>(`${PROSE} ORDER BY p.id`)
      : this.sql.rows<PageProse>(`${PROSE} WHERE p.id = ANY(?::int[]) ORDER BY p.id`, [pageIds]);
  }

  async saveProse(prose: { pageId: number; prose: string }[], sigs: { pageId: number; sig: Uint8Array }[]): Promise<void> {
    const texts = lastOf(prose, (p) => String(p.pageId));
    if (texts.length) {
      await this.sql.run(`UPDATE pages p SET prose = u.prose FROM unnest(?::int[], ?::text[]) AS u(id, prose) WHERE p.id = u.id`, [
        texts.map((p) => p.pageId),
        texts.map((p) => p.prose),
      ]);
    }
    // in the order given: each row is stamped above the one before (prose_sigs_stamp)
    if (sigs.length) {
      await this.sql.run(`INSERT INTO prose_sigs (page_id, sig) SELECT i, s FROM unnest(?::int[], ?::bytea[]) WITH ORDINALITY AS u(i, s, o) ORDER BY o`, [
        sigs.map((s) => s.pageId),
        sigs.map((s) => s.sig),
      ]);
    }
  }

  mentionRows(pageIds: number[]): Promise<PageMention[]> {
    return this.sql.rows(`SELECT page_id AS "pageId", concept, line, n FROM mentions WHERE page_id = ANY(?::int[]) ORDER BY page_id, concept`, [pageIds]);
  }

  replaceAllMentions(rows: PageMention[]): Promise<void> {
    return replaceAllMentions(this.sql, rows);
  }

  writeMentions(change: { insert: PageMention[]; update: PageMention[]; remove: { pageId: number; concept: string }[] }): Promise<void> {
    return writeMentions(this.sql, change);
  }

  async recountMentions(concepts: string[] | null): Promise<void> {
    // counted in one pass over the rows, and only the counts that change written: an UPDATE here
    // writes a new version of every row it sets
    const count = (only: (column: string) => string) =>
      `UPDATE concepts c SET mentions = k.n
         FROM (SELECT x.norm, coalesce(m.n, 0) AS n FROM concepts x
                 LEFT JOIN (SELECT concept, count(*) AS n FROM mentions ${only('concept')} GROUP BY concept) m ON m.concept = x.norm ${only('x.norm')}) k
        WHERE c.norm = k.norm AND c.mentions <> k.n`;
    if (concepts === null) await this.sql.run(count(() => ''));
    else if (concepts.length)
      await this.sql.run(
        count((column) => `WHERE ${column} = ANY(?::text[])`),
        [concepts, concepts],
      );
  }

  moveMentionCounts(delta: [string, number][]): Promise<void> {
    return moveMentionCounts(this.sql, delta);
  }

  async mentionedBy(pageId: number): Promise<string[]> {
    return (await this.sql.rows<{ concept: string }>(`SELECT concept FROM mentions WHERE page_id = ? ORDER BY concept`, [pageId])).map((r) => r.concept);
  }

  async taggedBy(pageId: number): Promise<string[]> {
    const rows = await this.sql.rows<{ norm: string }>(`SELECT norm FROM concept_names WHERE page_id = ? AND source IN ('tag', 'alias') ORDER BY rowid`, [
      pageId,
    ]);
    return rows.map((r) => r.norm);
  }

  async nameOf(norm: string): Promise<string | null> {
    return (await this.sql.value<string>(`SELECT name FROM concepts WHERE norm = ?`, [norm])) ?? null;
  }

  pagesNaming(norm: string): Promise<{ id: number; key: string; agent: string | null }[]> {
    return this.sql.rows(
      `SELECT p.id, p.key, p.agent FROM concept_names n JOIN pages p ON p.id = n.page_id
        WHERE n.norm = ? AND n.source IN ('key', 'title', 'alias') AND p.archived_since IS NULL ORDER BY p.key, n.rowid`,
      [norm],
    );
  }

  sharedWith(seeds: number[], fanout: number, viewer: Viewer): Promise<ConceptStep[]> {
    return sharedWith(this.sql, seeds, fanout, viewer);
  }

  setNames(pageId: number, names: readonly PageName[]): Promise<void> {
    return setNames(this.sql, pageId, names);
  }

  async saveProseSig(pageId: number, sig: Uint8Array): Promise<void> {
    // not an upsert, whose INSERT would take a stamp before its UPDATE took another (prose_sigs_stamp)
    await this.sql.run(
      `WITH updated AS (UPDATE prose_sigs SET sig = ? WHERE page_id = ? RETURNING 1) INSERT INTO prose_sigs (page_id, sig) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM updated)`,
      [sig, pageId, pageId, sig],
    );
  }

  mentionsOf(pageIds: readonly number[] | null): Promise<ConceptMention[]> {
    return pageIds === null
      ? this.sql.rows(`${MENTIONS} ORDER BY m.page_id, m.line, m.concept`)
      : this.sql.rows(`${MENTIONS} WHERE m.page_id = ANY(?::int[]) ORDER BY m.page_id, m.line, m.concept`, [pageIds]);
  }

  async ofPage(pageId: number): Promise<{ norm: string; name: string }[]> {
    return this.sql.rows(
      `SELECT c.norm, c.name FROM concepts c WHERE c.norm IN (SELECT concept FROM mentions WHERE page_id = ? UNION SELECT norm FROM concept_names WHERE page_id = ?) ORDER BY c.norm`,
      [pageId, pageId],
    );
  }
}

// ConceptRepo written once: `concepts` and `concept_forms` (the dictionary), `concept_names`
// (triggers note changed names in `concept_dirty`), `mentions` (a deleted page's go to
// `mentions_gone`, and concept-mentions.ts writes them), and the pages' prose and `prose_sigs`.
// Lists of rows are written a statement a list (Dialect.rows); look-ups run in loops over every
// dirty name are compiled once; the few statements the two databases spell differently are the
// store's own (ConceptSql). Where SQLite gives rows in its key's or index's order, it is written out.
import { sql, type Expression, type Generated, type SqlBool } from 'kysely';
import type { Viewer } from '../../../../shared/viewer.ts';
import {
  type Concept,
  type ConceptMention,
  type ConceptRepo,
  type ConceptStep,
  type NameRow,
  type PageMention,
  type PageName,
  type PageProse,
  type PendingRematch,
  type RankedConcept,
  type RefreshState,
} from '../concepts.ts';
import { seenConcepts, visibleTo, type SeenConcept } from '../visibility.ts';
import { moveMentionCounts, recountMentions, writeMentions } from './concept-mentions.ts';
import { metaOf } from './meta.ts';
import { lookups } from './concept-lookups.ts';
import { condition, lastOf, type Query } from './query.ts';

export interface ConceptTables {
  /** rowid: the order names were stored in (SQLite's own; an identity in PostgreSQL) */
  concept_names: { rowid: Generated<number>; page_id: number; source: string; name: string; norm: string };
  concepts: { norm: string; name: string; variants: string; sources: number; mentions: Generated<number> };
  mentions: { page_id: number; concept: string; line: number; n: number };
  concept_forms: { form: string; concept: string };
  concept_dirty: { norm: string };
  mentions_gone: { concept: string };
  prose_sigs: { page_id: number; sig: Uint8Array; seq: Generated<number> };
}

/** What the two stores do their own way: SQLite runs a statement per page or concept in-process,
 * PostgreSQL, a round trip away, one statement for all (sqlite/concept-sql.ts, postgres/concept-sql.ts). */
export interface ConceptSql {
  /** Each concept's first `limit` pages, in id order (ConceptRepo.pagesOf for many concepts). */
  pagesOfEach(norms: readonly string[], limit: number): Promise<Map<string, number[]>>;
  /** Given once a page (ConceptRepo.setNames: the last of a page given twice). */
  setNames(pages: readonly { pageId: number; names: readonly PageName[] }[]): Promise<void>;
  /** Stamped in the order given; `at` is each one's place in the list it came in (the last of a page
   * given twice is stamped as if the one before had been too). */
  saveProseSigs(sigs: readonly { pageId: number; sig: Buffer; at: number }[]): Promise<void>;
  replaceAllMentions(rows: readonly PageMention[]): Promise<void>;
}

const PROSE = sql`SELECT p.id, p.prose, CASE WHEN p.prose IS NULL THEN p.body END AS body, s.page_id IS NULL AS unsigned FROM pages p LEFT JOIN prose_sigs s ON s.page_id = p.id`;
const MENTIONS = sql`SELECT m.page_id AS "pageId", m.concept, c.name, m.line, m.n FROM mentions m JOIN concepts c ON c.norm = m.concept`;
/** A concept as both stores keep it: its variants as JSON text. */
const conceptOf = (r: { norm: string; name: string; variants: string; sources: number }): Concept => ({
  ...r,
  variants: JSON.parse(r.variants) as string[],
});
const bytes = (sig: Uint8Array) => Buffer.from(sig.buffer, sig.byteOffset, sig.byteLength);
/** The last item of each page, where it came: what writing them one after another leaves. */
function lastPlaced<T extends { pageId: number }>(items: readonly T[]): T[] {
  const last = new Map<number, number>();
  items.forEach((item, i) => last.set(item.pageId, i));
  return items.filter((item, i) => last.get(item.pageId) === i);
}

export class Concepts implements ConceptRepo {
  private readonly meta: ReturnType<typeof metaOf>;
  private readonly one: ReturnType<typeof lookups>;
  /**
   * Every page was found signed once: none is unsigned again, since each page written is signed in
   * its own transaction (ingest/page-writer.ts) and only pages indexed before signatures were kept
   * (a migration's) lack one. Counting both tables for each write that adds a name cost it 1.6 ms
   * of PostgreSQL's time at 10,000 pages, and grew with them.
   */
  private allSigned = false;

  constructor(
    private readonly q: Query,
    private readonly own: ConceptSql,
  ) {
    this.meta = metaOf(q);
    this.one = lookups(q);
  }

  async byMentions(): Promise<RankedConcept[]> {
    const rows = await this.q.db
      .selectFrom('concepts')
      .select(['norm', 'name', 'variants', 'sources', 'mentions'])
      .orderBy('mentions', 'desc')
      .orderBy('name')
      .orderBy('norm')
      .execute();
    return rows.map((r) => ({ ...conceptOf(r), mentions: r.mentions }));
  }

  /** Those a page the viewer reads names (tag, key, title, alias), spelled as those pages spell
   * them: a concept only another agent's page names would say what that page is about. */
  async seenBy(viewer: Viewer, norms?: readonly string[]): Promise<Map<string, SeenConcept> | null> {
    if (viewer.agent === null) return null;
    const rule = condition(visibleTo(viewer, { archived: true, never: true }));
    const only = norms ? sql`AND ${this.q.dialect.oneOf(sql.ref('n.norm'), norms)}` : sql``;
    const { rows } = await sql<{ norm: string; name: string; canonical: string }>`SELECT n.norm, n.name, c.name AS canonical
      FROM concept_names n JOIN pages p ON p.id = n.page_id JOIN concepts c ON c.norm = n.norm WHERE ${rule} ${only} ORDER BY n.norm, n.name`.execute(
      this.q.db,
    );
    return seenConcepts(rows);
  }

  async pagesOf(norm: string, limit: number): Promise<number[]> {
    return (await this.pagesOfEach([norm], limit)).get(norm)!;
  }

  async generation(): Promise<string> {
    return (await this.meta.get('concept_gen')) ?? '';
  }

  setGeneration(gen: string): Promise<void> {
    return this.meta.set('concept_gen', gen);
  }

  async forms(): Promise<[string, string][]> {
    const rows = await this.q.db.selectFrom('concept_forms').select(['form', 'concept']).orderBy('concept').orderBy('form').execute();
    return rows.map((r) => [r.form, r.concept]);
  }

  async formsOf(concepts: readonly string[]): Promise<string[]> {
    if (!concepts.length) return [];
    const rows = await this.q.db
      .selectFrom('concept_forms')
      .select('form')
      .where(this.q.dialect.oneOf(sql.ref('concept'), concepts))
      .orderBy('form')
      .execute();
    return rows.map((r) => r.form);
  }

  async dirtyNames(): Promise<string[]> {
    return (await this.q.db.selectFrom('concept_dirty').select('norm').orderBy('norm').execute()).map((r) => r.norm);
  }

  async names(norms: string[] | null): Promise<NameRow[]> {
    return (await this.q.db
      .selectFrom('concept_names')
      .select(['page_id', 'source', 'name', 'norm'])
      .$if(norms !== null, (s) => s.where(this.q.dialect.oneOf(sql.ref('norm'), norms!)))
      .orderBy('rowid')
      .execute()) as NameRow[];
  }

  async keyOrAliasPages(norms: readonly string[]): Promise<{ page_id: number; source: string }[]> {
    if (!norms.length) return [];
    return this.keysOrAliases(this.q.dialect.oneOf(sql.ref('norm'), norms))
      .select(['page_id', 'source'])
      .execute();
  }

  async keysAndAliases(pageIds: readonly number[]): Promise<{ page_id: number; norm: string; source: string }[]> {
    if (!pageIds.length) return [];
    return this.keysOrAliases(this.q.dialect.oneOf(sql.ref('page_id'), pageIds))
      .select(['page_id', 'norm', 'source'])
      .execute();
  }

  private keysOrAliases(which: Expression<SqlBool>) {
    return this.q.db.selectFrom('concept_names').where(which).where('source', 'in', ['key', 'alias']).orderBy('rowid');
  }

  async concepts(norms: string[] | null): Promise<Concept[]> {
    const rows = await this.q.db
      .selectFrom('concepts')
      .select(['norm', 'name', 'variants', 'sources'])
      .$if(norms !== null, (s) => s.where(this.q.dialect.oneOf(sql.ref('norm'), norms!)))
      .orderBy('norm')
      .execute();
    return rows.map(conceptOf);
  }

  async writeForms(put: [string, string][], drop: string[]): Promise<void> {
    const { db, dialect } = this.q;
    const forms = lastOf(put, ([form]) => form);
    // WHERE: SQLite would read ON CONFLICT as the SELECT's join constraint
    if (forms.length)
      await sql`INSERT INTO concept_forms (form, concept) SELECT form, concept FROM ${dialect.rows('f', { form: 'text', concept: 'text' }, forms)} WHERE TRUE
        ON CONFLICT (form) DO UPDATE SET concept = excluded.concept`.execute(db);
    if (drop.length)
      await db
        .deleteFrom('concept_forms')
        .where(dialect.oneOf(sql.ref('form'), drop))
        .execute();
  }

  async writeConcepts(change: { drop: string[]; insert: Concept[]; update: Concept[] }): Promise<void> {
    const { db, dialect } = this.q;
    const rows = (alias: string, cs: Concept[]) =>
      dialect.rows(
        alias,
        { norm: 'text', name: 'text', variants: 'text', sources: 'int' },
        cs.map((c) => [c.norm, c.name, JSON.stringify(c.variants), c.sources]),
      );
    if (change.drop.length)
      await db
        .deleteFrom('concepts')
        .where(dialect.oneOf(sql.ref('norm'), change.drop))
        .execute();
    if (change.insert.length)
      await sql`INSERT INTO concepts (norm, name, variants, sources) SELECT norm, name, variants, sources FROM ${rows('c', change.insert)}`.execute(db);
    const update = lastOf(change.update, (c) => c.norm);
    if (update.length)
      await sql`UPDATE concepts SET name = u.name, variants = u.variants, sources = u.sources FROM ${rows('u', update)} WHERE concepts.norm = u.norm`.execute(
        db,
      );
  }

  async refreshState(): Promise<RefreshState> {
    const values = await this.meta.many(['concept_aliases', 'concepts_all']);
    return { aliases: values.get('concept_aliases') ?? null, rematchAll: values.get('concepts_all') === '1' };
  }

  async finishRefresh(aliases: string, was: RefreshState): Promise<void> {
    await this.one.clearDirty({});
    await this.one.clearGone({});
    // every run refreshes: on PostgreSQL each statement left out is a round trip under the index lock
    if (was.aliases !== aliases) await this.meta.set('concept_aliases', aliases);
    if (was.rematchAll) await this.meta.delete('concepts_all');
  }

  async pendingRematch(): Promise<PendingRematch[]> {
    return JSON.parse((await this.meta.get('concepts_pending')) ?? '[]') as PendingRematch[];
  }

  setPendingRematch(work: readonly PendingRematch[]): Promise<void> {
    // a few forms a write: a value of the meta table, rewritten whole by each chunk of the drain
    return work.length ? this.meta.set('concepts_pending', JSON.stringify(work)) : this.meta.delete('concepts_pending');
  }

  async goneMentions(): Promise<string[]> {
    return (await this.q.db.selectFrom('mentions_gone').select('concept').orderBy('concept').execute()).map((r) => r.concept);
  }

  async pagesReached(concepts: string[], forms: string[]): Promise<number[]> {
    const { db, dialect } = this.q;
    const rows = await db
      .selectFrom('mentions')
      .select('page_id')
      .where(dialect.oneOf(sql.ref('concept'), concepts))
      .union(
        db
          .selectFrom('concept_names')
          .select('page_id')
          .where('source', '<>', 'tag')
          .where(dialect.oneOf(sql.ref('norm'), forms)),
      )
      .orderBy('page_id')
      .execute();
    return rows.map((r) => r.page_id);
  }

  async unsignedPages(): Promise<number[]> {
    const { db } = this.q;
    // the count first: on a wiki whose every page is signed, no scan of the pages
    if (this.allSigned) return [];
    if (!(await this.one.anyUnsigned({}))[0]!.more) {
      this.allSigned = true;
      return [];
    }
    const unsigned = await db.selectFrom('pages').select('id').where('id', 'not in', db.selectFrom('prose_sigs').select('page_id')).orderBy('id').execute();
    return unsigned.map((r) => r.id);
  }

  async signatureCount(): Promise<number> {
    return Number((await this.one.signatureCount({}))[0]!.n);
  }

  signaturesSince(seq: number): Promise<{ pageId: number; seq: number; sig: Uint8Array }[]> {
    return this.q.db.selectFrom('prose_sigs').select(['page_id as pageId', 'seq', 'sig']).where('seq', '>', seq).orderBy('seq').execute();
  }

  async selfNames(pageIds: number[] | null): Promise<[number, string][]> {
    const rows = await this.q.db
      .selectFrom('concept_names')
      .select(['page_id', 'norm'])
      .where('source', '<>', 'tag')
      // by page, then stored order: SQLite looks each page up in its index on page_id
      .$if(pageIds !== null, (s) => s.where(this.q.dialect.oneOf(sql.ref('page_id'), pageIds!)).orderBy('page_id'))
      .orderBy('rowid')
      .execute();
    return rows.map((r) => [r.page_id, r.norm]);
  }

  async prose(pageIds: number[] | null): Promise<PageProse[]> {
    const only = pageIds === null ? sql`` : sql`WHERE ${this.q.dialect.oneOf(sql.ref('p.id'), pageIds)}`;
    const { rows } = await sql<PageProse>`${PROSE} ${only} ORDER BY p.id`.execute(this.q.db);
    // SQLite's booleans are 0 and 1
    return rows.map((r) => ({ ...r, unsigned: Boolean(r.unsigned) }));
  }

  async saveProse(prose: { pageId: number; prose: string }[], sigs: { pageId: number; sig: Uint8Array }[]): Promise<void> {
    const texts = lastOf(prose, (p) => String(p.pageId));
    if (texts.length) {
      const rows = this.q.dialect.rows(
        'u',
        { id: 'int', prose: 'text' },
        texts.map((p) => [p.pageId, p.prose]),
      );
      await sql`UPDATE pages SET prose = u.prose FROM ${rows} WHERE pages.id = u.id`.execute(this.q.db);
    }
    await this.saveProseSigs(sigs);
  }

  async mentionRows(pageIds: number[]): Promise<PageMention[]> {
    return this.q.db
      .selectFrom('mentions')
      .select(['page_id as pageId', 'concept', 'line', 'n'])
      .where(this.q.dialect.oneOf(sql.ref('page_id'), pageIds))
      .orderBy('page_id')
      .orderBy('concept')
      .execute();
  }

  replaceAllMentions(rows: PageMention[]): Promise<void> {
    return this.own.replaceAllMentions(rows);
  }

  writeMentions(change: { insert: PageMention[]; update: PageMention[]; remove: { pageId: number; concept: string }[] }): Promise<void> {
    return writeMentions(this.q, change);
  }

  recountMentions(concepts: string[] | null): Promise<void> {
    return recountMentions(this.q, concepts);
  }

  moveMentionCounts(delta: [string, number][]): Promise<void> {
    return moveMentionCounts(this.q, delta);
  }

  async mentionedBy(pageId: number): Promise<string[]> {
    return (await this.one.mentionedBy({ id: pageId })).map((r) => r.concept);
  }

  async taggedBy(pageId: number): Promise<string[]> {
    return (await this.one.taggedBy({ id: pageId })).map((r) => r.norm);
  }

  async nameOf(norm: string): Promise<string | null> {
    return (await this.one.nameOf({ norm }))[0]?.name ?? null;
  }

  pagesNaming(norm: string): Promise<{ id: number; key: string; agent: string | null }[]> {
    return this.one.pagesNaming({ norm });
  }

  async sharedWith(seeds: number[], fanout: number, viewer: Viewer): Promise<ConceptStep[]> {
    const of = (column: string) => this.q.dialect.oneOf(sql.ref(column), seeds);
    const { rows: named } = await sql<{ seed: number; norm: string; name: string }>`SELECT s.seed, c.norm, c.name
      FROM (SELECT page_id AS seed, concept AS norm FROM mentions WHERE ${of('page_id')} UNION SELECT page_id, norm FROM concept_names WHERE ${of('page_id')}) s
      JOIN concepts c ON c.norm = s.norm ORDER BY s.seed, s.norm`.execute(this.q.db);
    // a concept only pages the viewer may not read name is no step for it, nor a name it may read
    const seen = await this.seenBy(viewer, [...new Set(named.map((c) => c.norm))]);
    const concepts = seen ? named.flatMap((c) => (seen.has(c.norm) ? [{ ...c, name: seen.get(c.norm)!.name }] : [])) : named;
    // one past the fan-out is enough to tell a concept on too many pages
    const pages = await this.pagesOfEach([...new Set(concepts.map((c) => c.norm))], fanout + 1);
    const steps: ConceptStep[] = [];
    for (const c of concepts) {
      const found = pages.get(c.norm)!;
      if (found.length > fanout) continue;
      for (const to of found) if (to !== c.seed) steps.push({ seed: c.seed, to, edge: 'concept', concept: c.name });
    }
    return steps;
  }

  async setNames(pages: readonly { pageId: number; names: readonly PageName[] }[]): Promise<void> {
    // a page given twice ends with its last names, written where that one came
    if (pages.length) await this.own.setNames(lastPlaced(pages));
  }

  async saveProseSigs(sigs: readonly { pageId: number; sig: Uint8Array }[]): Promise<void> {
    // each is stamped above the one before, in the order given; a page given twice keeps its last
    const placed = lastPlaced(sigs.map((s, at) => ({ pageId: s.pageId, sig: bytes(s.sig), at })));
    if (placed.length) await this.own.saveProseSigs(placed);
  }

  async mentionsOf(pageIds: readonly number[] | null): Promise<ConceptMention[]> {
    const only = pageIds === null ? sql`` : sql`WHERE ${this.q.dialect.oneOf(sql.ref('m.page_id'), pageIds)}`;
    return (await sql<ConceptMention>`${MENTIONS} ${only} ORDER BY m.page_id, m.line, m.concept`.execute(this.q.db)).rows;
  }

  ofPage(pageId: number): Promise<{ norm: string; name: string }[]> {
    return this.one.ofPage({ id: pageId });
  }

  /** The limit is written into the statement: checked first, when there are concepts to look for. */
  private async pagesOfEach(norms: string[], limit: number): Promise<Map<string, number[]>> {
    if (!norms.length) return new Map();
    if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`a page limit must be a whole number, got ${limit}`);
    return this.own.pagesOfEach(norms, limit);
  }
}

// LinkRepo written once: a page's links as indexing writes them, relinking's answers, and the
// reads of the page view, the graph, recall and link fixes. Where SQLite stated no ORDER BY, the
// order its plan gave is written out (an IN list is read in ascending order, each value's links by
// id), so both stores answer alike. Indexing and relinking write thousands of rows: those
// statements are compiled once per block size and written a block at a time (Blocks).
import path from 'node:path';
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Link, LinkFinding, LinkKind, PageSummary } from '../../../../shared/page.ts';
import type { Viewer } from '../../../../shared/viewer.ts';
import type { BacklinkLine, LinkAnswer, LinkRepo, LinkStep, MentionLine, NewLink, OtherEdge, PageEdge, StoredLink } from '../links.ts';
import { toPageSummary, type PageSummaryRow } from '../pages.ts';
import { visibleTo, type Visibility } from '../visibility.ts';
import { condition, KeptStatements, lastOf, type Query } from './query.ts';
import { meetingPaths } from './paths-under.ts';
import { backlinkLines, unlinkedMentions } from './written-lines.ts';

/** Reports and backlinks name the pages a viewer reads, archived ones too (their links are still written). */
const READ: Visibility = { archived: true, never: true };

const FINDING =
  sql.raw(`SELECT r.path AS root, f.rel_path AS source, p.key AS "sourceKey", p.scope, p.agent, l.line, l.col AS "column", l.target, l.anchor, l.kind, l.reason
  FROM links l JOIN pages p ON p.id = l.page_id JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`);
const FINDING_ORDER = sql.raw(`ORDER BY r.path, f.rel_path, l.line, l.ord`);
type FindingRow = Omit<LinkFinding, 'scope'> & { scope: 'global' | 'user'; agent: string | null };
const toFinding = ({ scope, agent, ...rest }: FindingRow): LinkFinding => ({ ...rest, scope: { kind: scope, agent } });

const LINK = sql.raw(`SELECT sf.rel_path AS source, sr.path AS "sourceRoot", sp.key AS "sourceKey", l.line, l.target, l.anchor, l.label, l.kind,
  tp.key AS "resolvedKey", coalesce(tf.rel_path, af.rel_path, l.target_external) AS "resolvedPath", tr.path AS "resolvedRoot", l.reason
  FROM links l JOIN pages sp ON sp.id = l.page_id JOIN files sf ON sf.id = sp.file_id JOIN roots sr ON sr.id = sf.root_id
  LEFT JOIN pages tp ON tp.id = l.target_page_id LEFT JOIN files tf ON tf.id = tp.file_id
  LEFT JOIN files af ON af.id = l.target_file_id LEFT JOIN roots tr ON tr.id = coalesce(tf.root_id, af.root_id)`);

const STORED = ['id', 'page_id', 'kind', 'target', 'anchor', 'target_key', 'target_page_id', 'target_file_id', 'target_external', 'reason'] as const;

type Column = 'integer' | 'text';

/** From this many rows (a first index's batch of pages) links go in by COPY where the database has it (Dialect.copy). */
const COPY_ROWS = 5_000;
/** The columns a new link writes, and those its answer does. */
const INSERTED = ['page_id', 'ord', 'line', 'kind', 'target', 'anchor', 'label', 'target_key', 'col'];
const ANSWERED = ['target_page_id', 'target_file_id', 'target_external', 'reason'];

/** Rows a statement where a column's values go as one array. */
const ARRAY_ROWS = 20_000;

/**
 * Rows written a block at a time, each block a VALUES list of typed rows (PostgreSQL reads a bare
 * parameter as text) padded with rows of nulls to a power of two: a statement text per size, compiled
 * once (SQLite prepares each once), and one statement for up to `largest` rows. A padding row's null
 * first column matches and writes nothing. Where the database takes arrays (PostgreSQL), a block
 * is an array per column instead: one text, and far fewer statements.
 */
class Blocks<T> {
  private readonly kept: KeptStatements;

  constructor(
    private readonly q: Query,
    private readonly largest: number,
    private readonly columns: readonly Column[],
    private readonly statement: (values: RawBuilder<unknown>) => RawBuilder<unknown>,
    private readonly params: (row: T) => unknown[],
  ) {
    this.kept = new KeptStatements(q);
  }

  async write(rows: readonly T[]): Promise<void> {
    if (this.q.dialect.columnArrays) return this.writeArrays(rows, this.q.dialect.columnArrays);
    for (let at = 0; at < rows.length; at += this.largest) {
      const block = rows.slice(at, at + this.largest);
      const size = 2 ** Math.ceil(Math.log2(block.length));
      const params = block.flatMap(this.params);
      params.push(...Array<null>(size * this.columns.length - params.length).fill(null));
      await this.kept.run(size, params, () => this.block(size));
    }
  }

  /** Where the database takes arrays: a column of each block's values per parameter, blocks of ARRAY_ROWS (a full relink: 189,172 answers in 10 statements, not 370). */
  private async writeArrays(rows: readonly T[], columnArrays: (types: readonly string[]) => RawBuilder<unknown>): Promise<void> {
    for (let at = 0; at < rows.length; at += ARRAY_ROWS) {
      const block = rows.slice(at, at + ARRAY_ROWS).map(this.params);
      const params = this.columns.map((_, c) => block.map((r) => r[c]));
      await this.kept.run('arrays', params, () => {
        const statement = this.statement(columnArrays(this.columns));
        return { compile: () => statement.compile(this.q.db) };
      });
    }
  }

  private block(size: number) {
    const row = sql`(${sql.join(this.columns.map((c) => sql`CAST(${null} AS ${sql.raw(c)})`))})`;
    const statement = this.statement(sql`(VALUES ${sql.join(Array<typeof row>(size).fill(row))})`);
    return { compile: () => statement.compile(this.q.db) };
  }
}

export class Links implements LinkRepo {
  private readonly inserts: Blocks<NewLink & { pageId: number; ord: number; seq: number }>;
  private readonly answers: Blocks<LinkAnswer>;
  private readonly keyedAnswers: Blocks<LinkAnswer>;
  private readonly deleteOfPage: string;

  constructor(private readonly q: Query) {
    this.deleteOfPage = q.db.deleteFrom('links').where('page_id', '=', 0).compile().sql;
    // in the order written (ids follow the pages given, then ord)
    this.inserts = new Blocks(
      q,
      256,
      ['integer', 'integer', 'integer', 'text', 'text', 'text', 'text', 'text', 'integer', 'integer'],
      (values) =>
        sql`INSERT INTO links (page_id, ord, line, kind, target, anchor, label, target_key, col)
          SELECT column1, column2, column3, column4, column5, column6, column7, column8, column9 FROM ${values} AS v WHERE column1 IS NOT NULL ORDER BY column10`,
      (l: NewLink & { pageId: number; ord: number; seq: number }) => [
        l.pageId,
        l.ord,
        l.line,
        l.kind,
        l.target,
        l.anchor,
        l.label,
        l.targetKey,
        l.column,
        l.seq,
      ],
    );
    this.answers = answers(q, false);
    this.keyedAnswers = answers(q, true);
  }

  async around(seeds: number[]): Promise<LinkStep[]> {
    const { db, dialect } = this.q;
    // DISTINCT in SQLite kept each pair where its first link is
    const out = db
      .selectFrom('links')
      .select(['page_id as seed', 'target_page_id as to', sql.lit('link').as('edge'), sql.lit(0).as('part'), sql<number>`min(id)`.as('first')])
      .where(dialect.oneOf(sql.ref('page_id'), seeds))
      .where('target_page_id', 'is not', null)
      .whereRef('target_page_id', '!=', 'page_id')
      .groupBy(['page_id', 'target_page_id'])
      .$narrowType<{ to: number }>();
    const back = db
      .selectFrom('links')
      .select(['target_page_id as seed', 'page_id as to', sql.lit('backlink').as('edge'), sql.lit(1).as('part'), sql<number>`min(id)`.as('first')])
      .where(dialect.oneOf(sql.ref('target_page_id'), seeds))
      .whereRef('page_id', '!=', 'target_page_id')
      .groupBy(['target_page_id', 'page_id'])
      .$narrowType<{ seed: number }>();
    return (await db
      .selectFrom(out.unionAll(back).as('steps'))
      .select(['seed', 'to', 'edge'])
      .orderBy('part')
      .orderBy('seed')
      .orderBy('first')
      .execute()) as LinkStep[];
  }

  async replaceForPages(pages: readonly { pageId: number; links: readonly NewLink[] }[]): Promise<void> {
    if (pages.length === 0) return;
    const { db, dialect } = this.q;
    if (pages.length === 1) await db.executeQuery(CompiledQuery.raw(this.deleteOfPage, [pages[0]!.pageId]));
    else
      await db
        .deleteFrom('links')
        .where(dialect.oneOf(sql.ref('page_id'), [...new Set(pages.map((p) => p.pageId))]))
        .execute();
    // a page given twice keeps the links given last, as replacing them one page at a time would
    const rows = lastOf(pages, (p) => String(p.pageId)).flatMap((p) => p.links.map((l, ord) => ({ ...l, pageId: p.pageId, ord })));
    if (dialect.copy && rows.length >= COPY_ROWS)
      await dialect.copy.insert(
        'links',
        INSERTED,
        rows.map((l) => [l.pageId, l.ord, l.line, l.kind, l.target, l.anchor, l.label, l.targetKey, l.column]),
      );
    else await this.inserts.write(rows.map((r, seq) => ({ ...r, seq })));
  }

  async dangling(reasons: readonly ('missing-page' | 'missing-anchor')[], viewer: Viewer): Promise<LinkFinding[]> {
    const seen = condition(visibleTo(viewer, READ));
    return this.findingRows(sql`${FINDING} WHERE ${this.q.dialect.oneOf(sql.ref('l.reason'), reasons)} AND ${seen} ${FINDING_ORDER}`);
  }

  async findings(ids: readonly number[], limit: number): Promise<LinkFinding[]> {
    return this.findingRows(sql`${FINDING} WHERE ${this.q.dialect.oneOf(sql.ref('l.id'), ids)} ${FINDING_ORDER} LIMIT ${limit}`);
  }

  async orphans(viewer: Viewer): Promise<PageSummary[]> {
    const seen = condition(visibleTo(viewer, READ));
    const { rows } =
      await sql<PageSummaryRow>`SELECT p.id, p.key, f.rel_path AS path, r.path AS root, p.scope, p.agent, p.title, p.summary, p.tags, p.content_hash
      FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
      WHERE NOT EXISTS (SELECT 1 FROM links l WHERE l.target_page_id = p.id AND l.page_id != p.id) AND ${seen}
      ORDER BY r.path, f.rel_path`.execute(this.q.db);
    return rows.map(toPageSummary);
  }

  async outOf(pageId: number): Promise<Link[]> {
    return (await sql<Link>`${LINK} WHERE l.page_id = ${pageId} ORDER BY l.ord`.execute(this.q.db)).rows;
  }

  async backlinksOf(pageId: number, viewer: Viewer): Promise<Link[]> {
    // only from pages the viewer reads
    const seen = condition(visibleTo(viewer, { ...READ, alias: 'sp' }));
    return (
      await sql<Link>`${LINK} WHERE l.target_page_id = ${pageId} AND l.page_id != ${pageId} AND ${seen} ORDER BY sf.rel_path, l.line, l.id`.execute(this.q.db)
    ).rows;
  }

  backlinkLines(pageId: number, viewer: Viewer, limit: number): Promise<BacklinkLine[]> {
    return backlinkLines(this.q, pageId, viewer, limit);
  }

  unlinkedMentions(pageId: number, viewer: Viewer, limit: number): Promise<MentionLine[]> {
    return unlinkedMentions(this.q, pageId, viewer, limit);
  }

  async edges(pageIds: readonly number[] | null): Promise<{ toPages: PageEdge[]; toOthers: OtherEdge[] }> {
    const { db, dialect } = this.q;
    // every page's links are read faster without naming 10,000 pages
    const of = sql.ref('page_id');
    const toPages = await db
      .selectFrom('links')
      .select(['page_id', 'kind', 'target_page_id', 'line'])
      .where('target_page_id', 'is not', null)
      .whereRef('target_page_id', '!=', 'page_id')
      .$if(pageIds !== null, (q) => q.where(dialect.oneOf(of, pageIds!)).orderBy('page_id'))
      .orderBy('id')
      .execute();
    const toOthers = await db
      .selectFrom('links')
      .select(['page_id', 'kind', 'target_file_id', 'target_external', 'target', 'line'])
      .where('target_page_id', 'is', null)
      .$if(pageIds !== null, (q) => q.where(dialect.oneOf(of, pageIds!)))
      .orderBy('id')
      .execute();
    return {
      toPages: toPages.map((r): PageEdge => [r.page_id, r.kind as LinkKind, r.target_page_id!, r.line]),
      toOthers: toOthers.map((r): OtherEdge => [r.page_id, r.kind as LinkKind, r.target_file_id, r.target_external, r.target, r.line]),
    };
  }

  async neighbours(pageIds: readonly number[]): Promise<number[]> {
    const { db, dialect } = this.q;
    const rows = await db
      .selectFrom('links')
      .select('target_page_id as id')
      .where(dialect.oneOf(sql.ref('page_id'), pageIds))
      .where('target_page_id', 'is not', null)
      .union(
        db
          .selectFrom('links')
          .select('page_id as id')
          .where(dialect.oneOf(sql.ref('target_page_id'), pageIds)),
      )
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id!);
  }

  async pagesLinkedFrom(pageId: number): Promise<number[]> {
    const rows = await this.q.db
      .selectFrom('links')
      .select('target_page_id as id')
      .where('page_id', '=', pageId)
      .where('target_page_id', 'is not', null)
      .whereRef('target_page_id', '!=', 'page_id')
      .groupBy('target_page_id')
      .orderBy(sql`min(ord)`)
      .execute();
    return rows.map((r) => r.id!);
  }

  async pagesLinkingTo(pageId: number): Promise<number[]> {
    const rows = await this.q.db
      .selectFrom('links')
      .select('page_id as id')
      .distinct()
      .where('target_page_id', '=', pageId)
      .whereRef('page_id', '!=', 'target_page_id')
      .orderBy('page_id')
      .execute();
    return rows.map((r) => r.id);
  }

  async all(): Promise<StoredLink[]> {
    return (await this.q.db.selectFrom('links').select(STORED).orderBy('id').execute()) as StoredLink[];
  }

  async affectedBy(pageIds: readonly number[], keys: readonly string[], paths: readonly string[] | null): Promise<StoredLink[]> {
    const { db, dialect } = this.q;
    const stored = () => db.selectFrom('links').select(STORED);
    // a source not found may be found now; one found elsewhere than the paths was not moved by them
    const meeting = paths && meetingPaths('target_external', paths, path.sep, dialect);
    const narrowed = meeting ? sql` AND (target_external IS NULL OR ${meeting})` : sql``;
    // SQLite's planner would scan every link for the sources beside the UNION: their partial index holds just them
    const sources = sql<StoredLink>`SELECT ${sql.join(STORED.map((c) => sql.ref(c)))} FROM links ${dialect.indexedBy('links_source')} WHERE kind = 'source'${narrowed}`;
    return (await stored()
      .where(dialect.oneOf(sql.ref('page_id'), pageIds))
      .union(stored().where(dialect.oneOf(sql.ref('target_key'), keys)))
      .union(sources)
      .orderBy('id')
      .execute()) as StoredLink[];
  }

  async writtenOn(pageId: number, line: number, target: string, kind: LinkKind | null): Promise<{ kind: LinkKind; target: string; column: number | null }[]> {
    let rows = this.q.db
      .selectFrom('links')
      .select(['kind', 'target', 'col as column'])
      .where('page_id', '=', pageId)
      .where('line', '=', line)
      .where('target', '=', target);
    if (kind !== null) rows = rows.where('kind', '=', kind);
    return (await rows.orderBy('ord').execute()) as { kind: LinkKind; target: string; column: number | null }[];
  }

  async answer(changes: readonly LinkAnswer[], most = false): Promise<void> {
    const answers = lastAnswers(changes);
    const { copy } = this.q.dialect;
    const write = async () => {
      const unkeyed = answers.filter((a) => a.targetKey === undefined);
      const rows = () => unkeyed.map((a) => [a.id, a.targetPageId, a.targetFileId, a.external, a.reason]);
      // a database that refuses the staging table is answered by the updates
      if (!(most && copy && (await copy.rewrite('links', ANSWERED, rows())))) await this.answers.write(unkeyed);
      await this.keyedAnswers.write(answers.filter((a) => a.targetKey !== undefined));
    };
    await (most ? this.q.dialect.withoutIndexes('links', write) : write());
  }

  private async findingRows(query: RawBuilder<FindingRow>): Promise<LinkFinding[]> {
    return (await query.execute(this.q.db)).rows.map(toFinding);
  }
}

/**
 * Relinking's answers, an UPDATE a block of 512. The `+` keeps SQLite from scanning every link
 * against the list: it reads the list and finds each link by id (0.3 ms a block, where 512
 * single-row updates took 0.7 ms). target_key rarely changes, and setting it rewrites its index
 * entry: most answers leave it out.
 */
function answers(q: Query, keyed: boolean): Blocks<LinkAnswer> {
  return new Blocks(
    q,
    512,
    ['integer', 'integer', 'integer', 'text', 'text', ...(keyed ? (['text'] as const) : [])],
    (values) =>
      sql`UPDATE links SET target_page_id = c.column2, target_file_id = c.column3, target_external = c.column4, reason = c.column5${sql.raw(keyed ? ', target_key = c.column6' : '')}
        FROM ${values} AS c WHERE links.id = +c.column1`,
    (a) => [a.id, a.targetPageId, a.targetFileId, a.external, a.reason, ...(keyed ? [a.targetKey] : [])],
  );
}

/** One answer a link, as writing them one after another leaves it: the last answer, with the last key given. */
function lastAnswers(changes: readonly LinkAnswer[]): LinkAnswer[] {
  const byId = new Map<number, LinkAnswer>();
  for (const c of changes) {
    const key = c.targetKey ?? byId.get(c.id)?.targetKey;
    byId.set(c.id, key === undefined ? c : { ...c, targetKey: key });
  }
  return [...byId.values()];
}

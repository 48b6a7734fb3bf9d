// `cairn store copy`: an embedded index (the SQLite file and its history file) moved into an
// empty PostgreSQL database, in one transaction, so a team starts its shared store from the wiki it
// has: the index rows (which a run could rebuild, but a 10k wiki takes minutes), and what no run
// rebuilds: the audit log with every write's old bytes (undo), skill decisions' state, the queries
// agents asked and their outcomes. Rows are copied column by column where both stores have the
// column; the lexical tables, which the stores keep differently (FTS5 against term tables), are
// built again from the copied chunks by the target's own LexicalRepo.
import type { SqliteStore } from '../sqlite/sqlite-store.ts';
import type { PgStore } from '../postgres/pg-store.ts';
import { lexicalPage } from '../lexical.ts';

/** In an order that keeps every foreign key satisfied. `history.` tables are in the history file. */
const TABLES = [
  'roots',
  'files',
  'pages',
  'chunks',
  'links',
  'walk_problems',
  'runs',
  'meta',
  'staleness',
  'page_terms',
  'embed_cache',
  'concept_names',
  'concepts',
  'mentions',
  'concept_forms',
  'concept_dirty',
  'mentions_gone',
  'prose_sigs',
  'skill_agents',
  'registrations',
  'skill_problems',
  'history.audit',
  'history.query_events',
  'history.query_outcomes',
] as const;

/** Tables whose rows the target's triggers also make while others are copied: replaced by the source's afterwards. */
const TRIGGER_MADE = ['concept_dirty', 'mentions_gone'];

const BATCH = 2000;

export interface CopyProgress {
  table: string;
  done: number;
  total: number;
}

export interface CopyReport {
  /** Rows copied, by table (chunk_vectors: the vectors; lexical: pages indexed again). */
  rows: Record<string, number>;
}

export class TargetNotEmpty extends Error {}

/** Copies `from` into `to`, which must hold no index and no history; all of it lands or none. */
export async function copyStore(from: SqliteStore, to: PgStore, onProgress: (p: CopyProgress) => void = () => {}): Promise<CopyReport> {
  const rows: Record<string, number> = {};
  await from.read(() =>
    to.write(async () => {
      await refuseNonEmpty(to);
      for (const table of TABLES) rows[bare(table)] = await copyTable(from, to, table, onProgress);
      for (const table of TRIGGER_MADE) await replaceTriggerMade(from, to, table);
      rows.chunk_vectors = await copyVectors(from, to, onProgress);
      rows.lexical = await indexLexical(from, to, onProgress);
      await advanceSequences(to);
    }),
  );
  // every table was empty when PostgreSQL last looked (Store.refreshStatistics)
  await to.refreshStatistics();
  return { rows };
}

const bare = (table: string) => table.replace(/^history\./, '');

async function refuseNonEmpty(to: PgStore): Promise<void> {
  const used = await to.sql.value<boolean>(
    `SELECT EXISTS (SELECT 1 FROM roots) OR EXISTS (SELECT 1 FROM audit) OR EXISTS (SELECT 1 FROM query_events) OR EXISTS (SELECT 1 FROM registrations)`,
  );
  if (used) throw new TargetNotEmpty('the PostgreSQL database already holds a Cairn index or history: copy into an empty database (nothing was copied)');
}

/** The columns both stores have, in the target's order. */
async function sharedColumns(from: SqliteStore, to: PgStore, table: string): Promise<string[]> {
  const [schema, name] = table.includes('.') ? table.split('.') : ['main', table];
  const source = new Set(from.db.prepare(`SELECT name FROM pragma_table_info(?, ?)`).pluck().all(name, schema) as string[]);
  const target = await to.sql.rows<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
    [name],
  );
  return target.map((c) => c.column_name).filter((c) => source.has(c));
}

/** A row as JSON for json_populate_recordset: bytes as bytea's hex text. */
function jsonRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = Buffer.isBuffer(v) ? `\\x${v.toString('hex')}` : v;
  return out;
}

async function insertRows(to: PgStore, table: string, columns: string[], batch: Record<string, unknown>[]): Promise<void> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  await to.sql.run(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ?::json) ON CONFLICT DO NOTHING`, [
    JSON.stringify(batch.map(jsonRow)),
  ]);
}

async function copyTable(from: SqliteStore, to: PgStore, table: string, onProgress: (p: CopyProgress) => void): Promise<number> {
  const name = bare(table);
  const columns = await sharedColumns(from, to, table);
  const total = from.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const rows = from.db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM ${table}`).iterate() as Iterable<Record<string, unknown>>;
  return inBatches(
    rows,
    (batch) => insertRows(to, name, columns, batch),
    (done) => onProgress({ table: name, done, total }),
  );
}

/** Rows in batches, each awaited before the next is read (the source's snapshot is held meanwhile); how many. */
async function inBatches<T>(rows: Iterable<T>, put: (batch: T[]) => Promise<void>, progress: (done: number) => void): Promise<number> {
  let batch: T[] = [];
  let done = 0;
  const flush = async () => {
    await put(batch);
    done += batch.length;
    batch = [];
    progress(done);
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();
  return done;
}

async function replaceTriggerMade(from: SqliteStore, to: PgStore, table: string): Promise<void> {
  await to.sql.run(`DELETE FROM ${table}`);
  const columns = await sharedColumns(from, to, table);
  const all = from.db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  if (all.length) await insertRows(to, table, columns, all);
}

/** The chunk vectors (sqlite-vec's vec0 table), each with the text hash it was computed from. */
async function copyVectors(from: SqliteStore, to: PgStore, onProgress: (p: CopyProgress) => void): Promise<number> {
  const hasTable = from.db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'vec_chunks'`).get();
  if (!hasTable) return 0;
  const total = from.db.prepare(`SELECT count(*) FROM vec_chunks`).pluck().get() as number;
  const rows = from.db
    .prepare(`SELECT v.rowid AS rowid, c.hash AS hash, v.embedding AS embedding FROM vec_chunks v JOIN chunks c ON c.rowid = v.rowid`)
    .iterate() as Iterable<Record<string, unknown>>;
  const put = (batch: Record<string, unknown>[]) =>
    insertRows(
      to,
      'chunk_vectors',
      ['rowid', 'hash', 'embedding'],
      batch.map((r) => ({ ...r, rowid: Number(r.rowid) })),
    );
  return inBatches(rows, put, (done) => onProgress({ table: 'chunk_vectors', done, total }));
}

/** Every page's chunks through the target's own lexical index, with the page terms copied. */
async function indexLexical(from: SqliteStore, to: PgStore, onProgress: (p: CopyProgress) => void): Promise<number> {
  const pages = from.db.prepare(`SELECT id, key, title, summary, tags FROM pages ORDER BY id`).all() as {
    id: number;
    key: string;
    title: string;
    summary: string | null;
    tags: string;
  }[];
  const chunks = from.db.prepare(`SELECT rowid, text FROM chunks WHERE page_id = ? ORDER BY ord`);
  const terms = from.db.prepare(`SELECT term FROM page_terms WHERE page_id = ? ORDER BY term`).pluck();
  let done = 0;
  for (const p of pages) {
    const page = lexicalPage({ key: p.key, title: p.title, summary: p.summary, tags: JSON.parse(p.tags) as string[] });
    await to.lexical.indexPages([{ pageId: p.id, page, chunks: chunks.all(p.id) as { rowid: number; text: string }[], terms: terms.all(p.id) as string[] }]);
    done++;
    if (done % 200 === 0 || done === pages.length) onProgress({ table: 'lexical', done, total: pages.length });
  }
  return done;
}

/** Identity columns continue after the copied ids (the prose signatures' stamps go on above the copied ones by themselves: schema/concepts.ts). */
async function advanceSequences(to: PgStore): Promise<void> {
  const identities = await to.sql.rows<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'`,
  );
  for (const { table_name: t, column_name: c } of identities) {
    await to.sql.value(`SELECT setval(pg_get_serial_sequence(?, ?), coalesce((SELECT max("${c}") FROM ${t}), 0) + 1, false)`, [t, c]);
  }
}

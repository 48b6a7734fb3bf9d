// For tests: the twin stores (SQLite and PostgreSQL, twin-stores.ts) given the same calls through
// their repositories, so a test compares what the two answer (PostgreSQL's must answer as SQLite's
// do: same rows, same order); and pages with what links and runs tell apart.
import { freshPgDatabase } from './pg-test.ts';
import type { Store } from '../store/store.ts';
import { openTwins, type Twins } from './twin-stores.ts';

export interface TwoStores extends Twins {
  url: string;
  /** `fn` on SQLite, then on PostgreSQL: their two answers. */
  ask<T>(fn: (s: Store) => Promise<T>): Promise<[sqlite: T, pg: T]>;
}

/** The twins (twin-stores.ts: root /w is 1 in both), with their database's URL for more servers. */
export async function twoStores(): Promise<TwoStores> {
  const url = await freshPgDatabase();
  const twins = await openTwins(url);
  // the twins' root went in with its id, which PostgreSQL's identity does not count: new roots follow it, as in SQLite
  await twins.pg.sql.run(`SELECT setval(pg_get_serial_sequence('roots', 'id'), 1)`);
  return { ...twins, url, ask: async (fn) => [await fn(twins.sqlite), await fn(twins.pg)] };
}

export interface TestPage {
  fileId: number;
  key: string;
  scope?: 'global' | 'user';
  agent?: string | null;
  archived?: string | null;
  usageMode?: string | null;
  fmError?: string | null;
}

/** A page row on both stores (the pages repository's work, not under test here); the same id on each. */
export async function addPage(two: TwoStores, p: TestPage): Promise<number> {
  const [a, b] = await two.ask(async (s) => (s === two.sqlite ? sqliteId(two, p) : pgId(two, p)));
  if (a !== b) throw new Error(`page ids differ: ${a} in SQLite, ${b} in PostgreSQL`);
  return a;
}

const PAGE_INSERT = `INSERT INTO pages (file_id, key, key_lower, scope, agent, title, summary, tags, frontmatter, fm_error, fm_error_line, body, headings, block_ids, provenance, usage_mode, archived_since, content_hash)
  VALUES (?, ?, ?, ?, ?, ?, NULL, '["t"]', '{}', ?, ?, '', '[]', '[]', '[]', ?, ?, ?) RETURNING id`;

const pageParams = (p: TestPage) => [
  p.fileId,
  p.key,
  p.key.toLowerCase(),
  p.scope ?? 'global',
  p.agent ?? null,
  `Title ${p.key}`,
  p.fmError ?? null,
  p.fmError ? 2 : null,
  p.usageMode ?? null,
  p.archived ?? null,
  `hash-${p.key}`,
];

async function sqliteId(two: TwoStores, p: TestPage): Promise<number> {
  return (two.sqlite.db.prepare(PAGE_INSERT).get(...pageParams(p)) as { id: number }).id;
}

async function pgId(two: TwoStores, p: TestPage): Promise<number> {
  return (await two.pg.sql.value<number>(PAGE_INSERT, pageParams(p)))!;
}

// `copyStore` against a real index and a real PostgreSQL database: every table arrives whole,
// ids continue after the copied ones, and a database that holds an index already is refused
// with nothing copied.
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { openPgStore, type PgStore } from '../postgres/pg-store.ts';
import { openSqliteStore, type SqliteStore } from '../sqlite/sqlite-store.ts';
import { copyStore, TargetNotEmpty } from './store-copy.ts';

const WIKI = {
  'alpha.md': '---\ntags: [cooking, bread]\n---\n# Alpha\n\nSourdough starter needs [[Beta]] and [[Gamma#Missing]].\n',
  'beta.md': '# Beta\n\nFlour and water, fed daily. See [[alpha]].\n',
  'notes/gamma.md': '# Gamma\n\n## Hydration\n\nSeventy percent hydration; links to [[nowhere]].\n',
  'img.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
};

let fx: Fixture;
let from: SqliteStore;
let to: PgStore;
afterEach(async () => {
  await to?.close();
  await from?.close();
  fx?.cleanup();
});

const TABLES = [
  'roots',
  'files',
  'pages',
  'chunks',
  'links',
  'runs',
  'meta',
  'page_terms',
  'concept_names',
  'concepts',
  'mentions',
  'prose_sigs',
  'audit',
  'query_events',
];

describe.skipIf(!pgAdminUrl())('cairn store copy', () => {
  it('moves every table of the index and its history into an empty PostgreSQL database; a second copy is refused', async () => {
    fx = makeFixture(WIKI);
    const api = fx.engine();
    await api.reindex({});
    await api.writePage({ key: 'delta', body: '# Delta\n\nWritten by an agent, about [[beta]].\n', actor: 'agent-a' });
    await api.knowledgeRecall({ query: 'sourdough', role: 'researcher' });
    await api.close();

    from = openSqliteStore(fx.db);
    to = openPgStore(await freshPgDatabase());
    const seen: string[] = [];
    const report = await copyStore(from, to, (p) => seen.push(p.table));
    for (const t of TABLES) {
      const source = from.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
      expect(source, t).toBeGreaterThan(0);
      expect(await to.sql.value(`SELECT count(*) FROM ${t}`), t).toBe(source);
      expect(report.rows[t], t).toBe(source);
    }
    expect(seen).toContain('pages');
    expect(report.rows.lexical).toBe(4);
    // the audit entry kept the bytes it replaced (null for a creation) and ids go on after the copied ones
    const entry = await to.sql.one<{ key: string; actor: string }>(`SELECT key, actor FROM audit ORDER BY id DESC LIMIT 1`);
    expect(entry).toEqual({ key: 'delta', actor: 'agent-a' });
    const maxRoot = from.db.prepare(`SELECT max(id) FROM roots`).pluck().get() as number;
    expect(await to.sql.value(`INSERT INTO roots (path) VALUES ('/elsewhere') RETURNING id`)).toBe(maxRoot + 1);

    await expect(copyStore(from, to)).rejects.toBeInstanceOf(TargetNotEmpty);
    expect(await to.sql.value(`SELECT count(*) FROM pages`)).toBe(from.db.prepare(`SELECT count(*) FROM pages`).pluck().get());
  });
});

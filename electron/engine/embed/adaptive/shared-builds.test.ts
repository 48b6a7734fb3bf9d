// The adaptive model is learned by whichever process indexes; every process sharing the store
// must embed queries with the model the stored vectors are of. Servers on one PostgreSQL (each
// with its own models folder, as on separate machines) get it from the database; processes on one
// SQLite file find it in the models folder beside it, and a search follows a rebuild at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_WIKI, SHIPPED_MODEL } from '../../config/settings.ts';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { openPgStore, type PgStore } from '../../store/postgres/pg-store.ts';
import { addPage, openTwins, type Twins } from '../../testing/twin-stores.ts';
import { SemanticIndex } from '../semantic-index.ts';

/** Pages of words the demo wiki has never used: enough of them drift the vocabulary past the rebuild policy. */
const newWords = (i: number) => `# Probe ${i}\n\n${Array.from({ length: 40 }, (_, j) => `zq${i}w${j}`).join(' ')} the deploy runbook and its rollback.\n`;

const demoPages = (): string[] =>
  (fs.readdirSync(DEMO_WIKI, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => fs.readFileSync(path.join(DEMO_WIKI, f), 'utf8'));

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-shared-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.skipIf(!pgAdminUrl())('servers on one PostgreSQL', () => {
  /** A server: its own connection pool and models folder, as on a machine of its own. */
  function server(url: string): SemanticIndex {
    const store: PgStore = openPgStore(url);
    const s = new SemanticIndex(store, 'adaptive', { models: path.join(tempDir(), 'models'), general: SHIPPED_MODEL, hubCache: tempDir() });
    cleanup.push(async () => {
      await s.embedder?.dispose();
      await store.close();
    });
    return s;
  }
  let id = 0;
  const addText = (t: Twins, text: string) => addPage(t, { id: ++id, key: `p${id}`, title: `Page ${id}`, chunks: [{ headingPath: [], text }] });

  it('embed queries with the model the indexing server learned, and follow when it learns another', async () => {
    const t = await openTwins();
    cleanup.push(() => t.close());
    for (const text of demoPages()) await addText(t, text);

    const indexer = server(t.pg.url);
    await indexer.refresh(true);
    const learned = indexer.embedder!.info.id;
    expect(learned).toMatch(/^cairn\/adaptive-/);
    expect((await t.pg.vectors.model())!.id).toBe(learned);

    // another machine: no build of its own, yet it serves the learned model, fetched from the database
    const other = server(t.pg.url);
    await other.load();
    expect(other.embedder!.info.id).toBe(learned);
    const query = 'how do we roll back a deploy';
    expect(await other.embedder!.embedQuery(query)).toEqual(await indexer.embedder!.embedQuery(query));

    // the wiki drifts; the indexer learns a new model and re-embeds every chunk with it
    for (let i = 0; i < 5; i++) await addText(t, newWords(i));
    await indexer.refresh(true);
    const relearned = indexer.embedder!.info.id;
    expect(relearned).not.toBe(learned);
    await other.follow(relearned);
    expect(other.embedder!.info.id).toBe(relearned);
    expect(await other.embedder!.embedQuery(query)).toEqual(await indexer.embedder!.embedQuery(query));

    // a write on the other server embeds its page with that model: the vectors are not made anew
    await addText(t, newWords(9));
    await other.refresh(true, () => {}, false);
    expect((await t.pg.vectors.model())!.id).toBe(relearned);
    expect(await t.pg.vectors.countPending()).toBe(0);
    // the database keeps the model in use only
    expect(await t.pg.vectors.sharedModel(learned)).toBeNull();
    expect((await t.pg.vectors.sharedModel(relearned))!.map((f) => f.path)).toContain('cairn-model.json');
  }, 240_000);
});

describe('processes on one SQLite file', () => {
  let fx: Fixture;
  afterEach(() => fx?.cleanup());

  it('search with the model another process rebuilt, as soon as its vectors are stored', async () => {
    fx = makeFixture();
    fs.cpSync(DEMO_WIKI, fx.root, { recursive: true });
    const indexer = fx.engine({ model: 'adaptive' });
    const learned = (await indexer.reindex()).model;
    const searcher = fx.engine({ model: 'adaptive' });
    await searcher.loadModel();
    expect(searcher.semantic.embedder!.info.id).toBe(learned);

    for (let i = 0; i < 5; i++) await indexer.writePage({ key: `probe-${i}`, body: newWords(i), actor: 'tester' });
    const relearned = (await indexer.reindex()).model;
    expect(relearned).not.toBe(learned);

    const found = await searcher.search({ query: 'deploy runbook rollback', mode: 'semantic' });
    expect(found.lanes.semantic).toMatchObject({ state: 'ok' });
    expect(found.model).toBe(relearned);
    expect(searcher.semantic.embedder!.info.id).toBe(relearned);
  }, 240_000);
});

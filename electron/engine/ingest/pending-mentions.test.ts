// A page keyed by a word many pages use: its write matches only its own page and leaves the other
// pages' mentions pending in the store; the drain then matches them in bounded chunks, one sweep
// for many writes, and leaves exactly what a new index of the same files holds. On every store,
// and across a process killed with the work pending.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphResponse } from '../../../shared/graph.ts';
import { resolveSettings } from '../config/settings.ts';
import { Engine } from '../engine.ts';
import { engineApi } from '../engine-api.ts';
import { cairnEnv, runCairn } from '../testing/cairn-process.ts';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture, FixtureEngine, TestEngine } from '../testing/wiki-fixture.ts';
import { drainChunk } from './mention-chunks.ts';
import { INLINE_PAGES } from './pending-mentions.ts';
import type { PgStore } from '../store/postgres/pg-store.ts';
import type { SqliteStore } from '../store/sqlite/sqlite-store.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
/** More pages than a write matches in its own transaction hold "widget" and "gadget" (every third on another line). */
const PAGES = INLINE_PAGES + 20;

function wiki(): Record<string, string> {
  const files: Record<string, string> = { 'other.md': '# Other\nNothing of the kind, but `widget` in code.\n' };
  for (let i = 0; i < PAGES; i++) {
    const n = String(i).padStart(2, '0');
    files[`p${n}.md`] =
      `# Page ${n}\nThe widget turns${i % 3 === 0 ? '' : ', the gadget hums'}.\n\nMore widgets on line five${i % 3 === 0 ? ', and a gadget' : ''}.\n`;
  }
  return files;
}

let fx: Fixture | undefined;
afterEach(() => fx?.cleanup());

/** `page -line[xN]-> concept`, sorted. */
function mentionsOf(g: GraphResponse): string[] {
  const name = new Map(g.nodes.map((n) => [n.id, n.key]));
  return g.edges
    .filter((e) => e.kind === 'mentions')
    .map((e) => `${name.get(e.source)} -${e.line}${e.count > 1 ? `x${e.count}` : ''}-> ${name.get(e.target)}`)
    .sort();
}

/** The mentions and the concepts with their counts, as an index holds them. */
async function held(e: TestEngine) {
  const mentions = mentionsOf(await e.graph({ concepts: true }));
  const concepts = (await e.concepts({})).concepts.map((c) => [c.name, c.sources, c.mentions]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return { mentions, concepts };
}

/** What a new index of the fixture's folder holds (SQLite, the reference every store answers as). */
async function fresh(f: Fixture) {
  const settings = resolveSettings({ roots: [f.root], db: path.join(f.dir, `fresh-${Math.random()}.db`), model: 'none', env: cairnEnv(f.dir) });
  const e = Engine.open(settings);
  try {
    const api = engineApi(e);
    await api.reindex();
    return await held(api);
  } finally {
    await e.close();
  }
}

/** Writes a page through an engine of its own, closed as the write answers: nothing of its drain has run yet. */
async function writeAndStop(f: Fixture, key: string): Promise<void> {
  const writer = f.engine();
  await writer.writePage({ key, body: `# ${key[0]!.toUpperCase()}${key.slice(1)}\n`, actor: 'scout' }).then(() => writer.close());
}

const othersMentioning = (mentions: string[], concept: string) => mentions.filter((m) => m.endsWith(`-> ${concept}`));

describe.each(storeKinds())('on %s', (kind) => {
  it('a write keyed by a common word matches only its own page, and leaves the other pages pending', async () => {
    fx = await makeStoreFixture(kind, wiki());
    const e: FixtureEngine = fx.engine();
    await e.reindex();
    await writeAndStop(fx, 'widget');
    // the concept exists at once; the pages that mention it do not say so yet
    const before = await held(e);
    expect(before.concepts).toContainEqual(['Widget', 1, 0]);
    expect(othersMentioning(before.mentions, 'Widget')).toEqual([]);
    expect(await e.store.concepts.pendingRematch()).toEqual([{ kind: 'form', form: 'widget', after: 0 }]);
    expect((await e.status({})).index?.state).toBe('mentions-pending');

    await e.drainMentions();
    const after = await held(e);
    expect(othersMentioning(after.mentions, 'Widget')).toHaveLength(PAGES);
    expect(after).toEqual(await fresh(fx));
    expect(await e.store.concepts.pendingRematch()).toEqual([]);
    expect((await e.status({})).index).toBeNull();
  });

  it('a form that moves to another concept: the pages mentioning the old one are matched after, to what a new index holds', async () => {
    fx = await makeStoreFixture(kind, { ...wiki(), 'widget.md': '# Widget\n' });
    const e = fx.engine();
    await e.reindex();
    expect(othersMentioning((await held(e)).mentions, 'Widget')).toHaveLength(PAGES);
    // an alias merges "widget" into the gizmo's concept: every page mentioning it mentions another concept now
    fx.write('gizmo.md', '---\naliases: [widget]\n---\n# Gizmo\n');
    const writer = fx.engine();
    await writer.reindexPaths([path.join(fx.root, 'gizmo.md')]).then(() => writer.close());
    expect((await e.store.concepts.pendingRematch()).map((w) => w.kind)).toContain('moved');
    await e.drainMentions();
    expect(await held(e)).toEqual(await fresh(fx));
  });

  it('pages without a signature (indexed before there were any) are asked too, and signed when matched', async () => {
    fx = await makeStoreFixture(kind, wiki());
    const indexer = fx.engine();
    await indexer.reindex();
    // as a migration leaves the pages indexed before signatures: every fifth page without one
    const unsign = 'DELETE FROM prose_sigs WHERE page_id % 5 = 0';
    if (kind === 'postgres') await (indexer.store as PgStore).sql.run(unsign);
    else (indexer.store as SqliteStore).db.prepare(unsign).run();
    await indexer.close();
    const e = fx.engine();
    expect((await e.store.concepts.unsignedPages()).length).toBeGreaterThan(PAGES / 6);
    await writeAndStop(fx, 'widget');
    await e.drainMentions();
    expect(await held(e)).toEqual(await fresh(fx));
    expect(await e.store.concepts.unsignedPages()).toEqual([]);
  });

  it('the drain goes in chunks of bounded pages, one sweep for several writes, to what a new index holds', async () => {
    fx = await makeStoreFixture(kind, wiki());
    const e = fx.engine();
    await e.reindex();
    await writeAndStop(fx, 'widget');
    await writeAndStop(fx, 'gadget');
    expect((await e.store.concepts.pendingRematch()).map((w) => w.kind === 'form' && w.form)).toEqual(['widget', 'gadget']);
    const chunks: number[] = [];
    for (let left = 1; left > 0;) {
      const chunk = await drainChunk(e.store, 25);
      chunks.push(chunk.pages);
      left = chunk.left;
    }
    // every page holding either word matched once, in order, at most 25 at a time (the last chunk
    // may also ask pages a signature only seemed to hold)
    expect(chunks.every((n) => n <= 25)).toBe(true);
    expect(chunks.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(PAGES);
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil((PAGES + 2) / 25));
    expect(await held(e)).toEqual(await fresh(fx));
  });

  it('the writing engine drains by itself, and tells pagesChanged again once the mentions are complete', async () => {
    fx = await makeStoreFixture(kind, wiki());
    const e = fx.engine();
    await e.reindex();
    const told: number[] = [];
    const twice = new Promise<void>((resolve) =>
      e.events.on('pagesChanged', () => {
        told.push(told.length);
        if (told.length === 2) resolve();
      }),
    );
    await e.writePage({ key: 'widget', body: '# Widget\n', actor: 'scout' });
    await twice;
    expect(await e.store.concepts.pendingRematch()).toEqual([]);
    expect(await held(e)).toEqual(await fresh(fx));
  });

  it('two engines draining at once (one chunk at a time under the write lock) leave what a new index holds, counts too', async () => {
    fx = await makeStoreFixture(kind, wiki());
    const [a, b] = [fx.engine(), fx.engine()];
    await a.reindex();
    await writeAndStop(fx, 'widget');
    await writeAndStop(fx, 'gadget');
    await Promise.all([a.drainMentions(), b.drainMentions()]);
    expect(await a.store.concepts.pendingRematch()).toEqual([]);
    expect(await held(b)).toEqual(await fresh(fx));
  });

  it('a process killed with the work pending leaves it to the next run', async () => {
    fx = await makeStoreFixture(kind, wiki());
    const e = fx.engine();
    await e.reindex();
    const killed = await writeThenKill(fx, 'widget');
    expect(killed.signal, killed.err).toBe('SIGKILL');
    expect(await e.store.concepts.pendingRematch()).toEqual([{ kind: 'form', form: 'widget', after: 0 }]);
    expect(othersMentioning((await held(e)).mentions, 'Widget')).toEqual([]);

    const next = await runCairn(['index', '--db', fx.db, fx.root], cairnEnv(fx.dir));
    expect(next.code, next.err).toBe(0);
    expect(await e.store.concepts.pendingRematch()).toEqual([]);
    expect(await held(e)).toEqual(await fresh(fx));
  });
});

/**
 * A real process that writes a page through the engine and SIGKILLs itself as the write answers,
 * before its drain takes a turn of the event loop.
 */
function writeThenKill(f: Fixture, key: string): Promise<{ signal: NodeJS.Signals | null; err: string }> {
  const script = path.join(f.dir, 'write-then-die.mts');
  fs.writeFileSync(
    script,
    `import { Engine } from ${JSON.stringify(path.join(REPO, 'electron/engine/engine.ts'))};
import { resolveSettings } from ${JSON.stringify(path.join(REPO, 'electron/engine/config/settings.ts'))};
const [root, db] = process.argv.slice(2);
const engine = Engine.open(resolveSettings({ roots: [root], db, model: 'none', env: process.env }));
await engine.writePage({ key: ${JSON.stringify(key)}, body: '# Widget\\n', actor: 'scout' }).then(() => process.kill(process.pid, 'SIGKILL'));
`,
  );
  const proc = spawn(process.execPath, ['--import', 'tsx', script, f.root, f.db], { cwd: REPO, env: cairnEnv(f.dir), stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve) => proc.once('exit', (_code, signal) => resolve({ signal, err })));
}

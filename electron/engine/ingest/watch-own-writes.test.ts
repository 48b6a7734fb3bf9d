// The watcher indexes what changed on disk, not what the index already holds: a page written
// through the engine is indexed by its write, and the watcher that then sees its file starts no
// run for it (on a folder several servers share, the leader's watcher sees every server's writes).
// Real files, the real watcher, a real index.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFixture } from '../testing/wiki-fixture.ts';
import { until } from '../testing/until.ts';
import { watchedWikis } from '../testing/watched-wiki.ts';

const wikis = watchedWikis();

describe('the paths a watcher hands the index', () => {
  it('leave out files the index holds as they are on disk, and keep every other kind of change', async () => {
    const fx = wikis.keep(makeFixture({ 'a.md': '# A', 'b.md': '# B', 'notes/c.md': '# C' }));
    const e = fx.engine();
    await e.reindex();
    const at = (rel: string) => path.join(fx.root, rel);
    fx.write('b.md', '# B, edited');
    fs.rmSync(at('notes/c.md'));
    fx.write('new.md', '# New');
    const asked = ['a.md', 'b.md', 'notes/c.md', 'new.md', 'notes', 'elsewhere.md'].map(at);
    expect(await e.changedPaths([...asked, path.join(path.dirname(fx.root), 'outside.md')])).toEqual([
      ...asked.slice(1),
      path.join(path.dirname(fx.root), 'outside.md'),
    ]);
    // an ignore file changes what the whole root holds: every path in it goes to the run
    expect(await e.changedPaths([at('a.md'), at('.cairnignore')])).toEqual([at('a.md'), at('.cairnignore')]);
  });

  it('start no run for a page written through the engine, and one for a file saved beside it', async () => {
    const fx = makeFixture({ 'hub.md': '# Hub' });
    const { engine: e, named } = await wikis.watch(fx);
    const written = await e.writePage({ key: 'written', body: '# Written\n', actor: 'scout' });
    // saved after the write: once it is indexed, the watcher has handled the write's file too
    fx.write('saved.md', '# Saved');
    await until('saved.md indexed', async () => (await e.pages({})).pages.some((p) => p.path === 'saved.md'));
    expect(named).toEqual([path.join(fx.root, 'saved.md')]);
    expect(written.path).toBe('written.md');
  });

  it('wait for a file written in pieces to be quiet, and index it whole', async () => {
    const fx = makeFixture({ 'hub.md': '# Hub' });
    const { engine: e, named } = await wikis.watch(fx);
    // an editor that writes a big note in place, a piece every 50 ms (under the watcher's 300 ms)
    const file = path.join(fx.root, 'slow.md');
    fs.writeFileSync(file, '# Slow\n\n');
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 50));
      fs.appendFileSync(file, `Piece ${i} of the slow note.\n`);
    }
    const body = async () => (await e.getPage({ key: 'slow' }).catch(() => null))?.body ?? '';
    await until('the whole note indexed', async () => (await body()).includes('Piece 7'));
    expect((await body()).match(/Piece \d/g)).toHaveLength(8);
    // the pieces came while the watcher waited (one run for them, unless the machine stalled a piece past it)
    expect([...new Set(named)]).toEqual([file]);
  });

  it("tell this process's doors of a page another process wrote into the same index, without a run", async () => {
    const fx = makeFixture({ 'hub.md': '# Hub' });
    const { engine: e, named } = await wikis.watch(fx);
    let told = 0;
    e.events.on('pagesChanged', () => told++);
    // a `cairn` command beside the app: its own engine on the same index file
    const other = fx.engine();
    await other.writePage({ key: 'other', body: '# Other\n', actor: 'scout' });
    await other.close();
    await until('the doors told', async () => told > 0);
    expect(named).toEqual([]);
    expect((await e.pages({})).pages.map((p) => p.path).sort()).toEqual(['hub.md', 'other.md']);
  });
});

// What the watcher notices of folders: a root that lives inside a dot-folder, folders made, moved
// in and removed while it watches, and a folder linked in from outside the root. Real files, the
// real watcher, a real index.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { until } from '../testing/until.ts';
import { watchRoots, type RootWatcher } from './watch.ts';

let fx: Fixture;
let watcher: RootWatcher | null = null;
afterEach(async () => {
  await watcher?.close();
  watcher = null;
  fx?.cleanup();
});

async function watched(e: ReturnType<Fixture['engine']>, errors: string[] = []): Promise<() => Promise<string[]>> {
  await e.reindex();
  watcher = watchRoots(e, (err) => errors.push(err.message));
  await watcher.ready;
  return async () => (await e.pages({})).pages.map((p) => p.path).sort();
}

describe('the watcher', () => {
  it('watches a root that lives inside a dot-folder (only dot-folders inside the root are left out)', async () => {
    fx = makeFixture();
    const root = path.join(path.dirname(fx.root), '.config', 'wiki');
    fs.mkdirSync(path.join(root, '.obsidian'), { recursive: true });
    fs.writeFileSync(path.join(root, 'hub.md'), '# Hub');
    const paths = await watched(fx.engine({ roots: [root] }));
    fs.writeFileSync(path.join(root, '.obsidian', 'hidden.md'), '# Hidden');
    fs.writeFileSync(path.join(root, 'saved.md'), '# Saved');
    await until('saved.md indexed', async () => (await paths()).includes('saved.md'));
    expect(await paths()).toEqual(['hub.md', 'saved.md']);
  });

  it('indexes folders made and moved in while it watches, and drops a removed one', async () => {
    fx = makeFixture({ 'hub.md': '# Hub', 'old/gone.md': '# Gone' });
    const errors: string[] = [];
    const paths = await watched(fx.engine(), errors);
    fs.mkdirSync(path.join(fx.root, 'made/deeper'), { recursive: true });
    fs.writeFileSync(path.join(fx.root, 'made/deeper/one.md'), '# One');
    const outside = path.join(path.dirname(fx.root), 'moved');
    fs.mkdirSync(path.join(outside, 'inner'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'inner/two.md'), '# Two');
    fs.renameSync(outside, path.join(fx.root, 'moved'));
    fs.rmSync(path.join(fx.root, 'old'), { recursive: true });
    const want = ['hub.md', 'made/deeper/one.md', 'moved/inner/two.md'];
    await until('the folders indexed', async () => JSON.stringify(await paths()) === JSON.stringify(want));
    // a file saved later inside a folder the watcher found on its own
    fs.writeFileSync(path.join(fx.root, 'made/deeper/three.md'), '# Three');
    await until('three.md indexed', async () => (await paths()).includes('made/deeper/three.md'));
    expect(errors).toEqual([]);
  });

  it('notices a page saved in a folder linked in from outside the root', async () => {
    fx = makeFixture({ 'hub.md': '# Hub' });
    const outside = path.join(path.dirname(fx.root), 'shared');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'first.md'), '# First');
    fs.symlinkSync(outside, path.join(fx.root, 'shared'));
    const paths = await watched(fx.engine());
    fs.writeFileSync(path.join(outside, 'second.md'), '# Second');
    await until('second.md indexed', async () => (await paths()).includes('shared/second.md'));
    expect(await paths()).toEqual(['hub.md', 'shared/first.md', 'shared/second.md']);
  });
});

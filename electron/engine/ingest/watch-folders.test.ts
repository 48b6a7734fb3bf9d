// What the watcher notices of folders and links: a root that lives inside a dot-folder, folders
// made, moved in, removed and made again while it watches, a folder and a file linked in from
// outside the root, events about a watched folder itself, and a skip rule that throws. Real
// files, the real watcher, a real index.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFixture } from '../testing/wiki-fixture.ts';
import { until } from '../testing/until.ts';
import { watchedWikis } from '../testing/watched-wiki.ts';
import { watchFolders } from './folder-watch.ts';

const wikis = watchedWikis();

describe('the watcher', () => {
  it('watches a root that lives inside a dot-folder (only dot-folders inside the root are left out)', async () => {
    const fx = makeFixture();
    const root = path.join(path.dirname(fx.root), '.config', 'wiki');
    fs.mkdirSync(path.join(root, '.obsidian'), { recursive: true });
    fs.writeFileSync(path.join(root, 'hub.md'), '# Hub');
    const { paths } = await wikis.watch(fx, fx.engine({ roots: [root] }));
    fs.writeFileSync(path.join(root, '.obsidian', 'hidden.md'), '# Hidden');
    fs.writeFileSync(path.join(root, 'saved.md'), '# Saved');
    await until('saved.md indexed', async () => (await paths()).includes('saved.md'));
    expect(await paths()).toEqual(['hub.md', 'saved.md']);
  });

  it('watches a root inside a dot-folder of another root, whichever comes first', async () => {
    for (const inside of [true, false]) {
      const fx = makeFixture({ 'hub.md': '# Hub' });
      const inner = path.join(fx.root, '.config', 'wiki');
      fs.mkdirSync(inner, { recursive: true });
      const { paths, close } = await wikis.watch(fx, fx.engine({ roots: inside ? [inner, fx.root] : [fx.root, inner] }));
      fs.writeFileSync(path.join(inner, 'saved.md'), '# Saved');
      await until('saved.md indexed', async () => (await paths()).some((p) => p.endsWith('saved.md')));
      await close();
    }
  });

  it('indexes folders made and moved in while it watches, and drops a removed one', async () => {
    const fx = makeFixture({ 'hub.md': '# Hub', 'old/gone.md': '# Gone' });
    const { paths, errors } = await wikis.watch(fx);
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
    const fx = makeFixture({ 'hub.md': '# Hub' });
    const outside = path.join(path.dirname(fx.root), 'shared');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'first.md'), '# First');
    fs.symlinkSync(outside, path.join(fx.root, 'shared'));
    const { paths } = await wikis.watch(fx);
    fs.writeFileSync(path.join(outside, 'second.md'), '# Second');
    await until('second.md indexed', async () => (await paths()).includes('shared/second.md'));
    expect(await paths()).toEqual(['hub.md', 'shared/first.md', 'shared/second.md']);
  });

  it("tells an edit of a file a page links to, at the page's path, inside the root or out", async () => {
    const fx = makeFixture({ 'hub.md': '# Hub', 'real.md': '# Real' });
    const outside = path.join(path.dirname(fx.root), 'outside.md');
    fs.writeFileSync(outside, '# Outside');
    fs.symlinkSync(outside, path.join(fx.root, 'linked.md'));
    fs.symlinkSync(path.join(fx.root, 'real.md'), path.join(fx.root, 'also.md'));
    const { asked: told } = await wikis.watch(fx);
    fs.writeFileSync(outside, '# Outside, edited');
    fs.writeFileSync(path.join(fx.root, 'real.md'), '# Real, edited');
    await until('both links told', () => ['linked.md', 'also.md'].every((f) => told.includes(path.join(fx.root, f))));
    // a save that replaces the file (a rename over it) is followed too
    fs.writeFileSync(`${outside}.tmp`, '# Outside, saved again');
    fs.renameSync(`${outside}.tmp`, outside);
    const before = told.length;
    await until('the replaced file told', () => told.slice(before).includes(path.join(fx.root, 'linked.md')));
    fs.writeFileSync(outside, '# Outside, once more');
    await until('the new file watched', () => told.filter((p) => p === path.join(fx.root, 'linked.md')).length >= 3);
  });

  it('watches a folder removed and made again under its name, even with the same inode number', async () => {
    const fx = makeFixture({ 'hub.md': '# Hub', 'a/one.md': '# One' });
    const { paths } = await wikis.watch(fx);
    const a = path.join(fx.root, 'a');
    const ino = fs.statSync(a).ino;
    // ext4 hands a freed inode number back once the lower free ones are taken (in a dot-folder the watcher leaves out)
    fs.mkdirSync(path.join(fx.root, '.fill'));
    for (let i = 0; i < 500 && fs.statSync(path.join(fx.root, '.fill')).ino < ino; i++) {
      const f = path.join(fx.root, '.fill', `f${i}`);
      fs.writeFileSync(f, '');
      if (fs.statSync(f).ino > ino) break;
    }
    const oneIno = fs.statSync(path.join(a, 'one.md')).ino;
    fs.rmSync(a, { recursive: true });
    if (oneIno < ino) fs.writeFileSync(path.join(fx.root, '.fill', 'one'), '');
    fs.mkdirSync(a);
    await until('one.md dropped', async () => !(await paths()).includes('a/one.md'));
    fs.writeFileSync(path.join(a, 'two.md'), '# Two');
    await until('two.md indexed', async () => (await paths()).includes('a/two.md'));
  });

  it("tells no path for an event about a watched folder itself (Linux names it with the folder's own name)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-watch-'));
    fs.mkdirSync(path.join(root, 'notes'));
    const told: string[] = [];
    const w = watchFolders([root], { changed: (p) => told.push(path.relative(root, p)), error: () => {}, skip: () => false });
    await w.ready;
    fs.chmodSync(path.join(root, 'notes'), 0o700);
    fs.writeFileSync(path.join(root, 'notes', 'page.md'), '# Page');
    await until('page.md told', () => told.includes(path.join('notes', 'page.md')));
    w.close();
    fs.rmSync(root, { recursive: true });
    expect(told.filter((p) => p === path.join('notes', 'notes'))).toEqual([]);
  });

  it('reports a skip rule that throws as an error and goes on, never as an unhandled rejection', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-watch-'));
    const told: string[] = [];
    const errors: string[] = [];
    const skip = (p: string) => {
      if (path.basename(p) === 'bad') throw new Error('the root is gone');
      return false;
    };
    const w = watchFolders([root], { changed: (p) => told.push(path.basename(p)), error: (e) => errors.push(e.message), skip });
    await w.ready;
    fs.mkdirSync(path.join(root, 'bad'));
    fs.writeFileSync(path.join(root, 'good.md'), '# Good');
    await until('good.md told', () => told.includes('good.md'));
    await until('the throw reported', () => errors.some((m) => m.includes('the root is gone')));
    w.close();
    fs.rmSync(root, { recursive: true });
  });
});

// A symlink loop is no way in for the watcher (issue 28, item 7): `global/loop -> .` in a real
// wiki, the real watcher and the real index. The full walk skips the loop; a file saved
// beside it is indexed once, at its own path, with no error.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFixture } from '../testing/wiki-fixture.ts';
import { until } from '../testing/until.ts';
import { watchedWikis } from '../testing/watched-wiki.ts';
import { walkPaths } from './walk.ts';

const wikis = watchedWikis();

describe('a symlink loop in a watched root', () => {
  it('is not followed by the watcher: a saved file is indexed once, at its own path, with no error', async () => {
    const fx = makeFixture({ 'global/hub.md': '# Hub', 'global/deep/inner.md': '# Inner' });
    fs.symlinkSync('.', path.join(fx.root, 'global/loop'));
    // named: the paths the watcher hands the index, to see that it never went through the loop itself
    const { named, errors, paths } = await wikis.watch(fx);
    // and one made while it watches
    fs.symlinkSync('..', path.join(fx.root, 'global/deep/up'));
    fx.write('global/saved.md', '# Saved');
    await until('saved.md indexed', async () => (await paths()).includes('global/saved.md'));
    // a second save after it: the first save's events (nested paths too) have been indexed by then
    fx.write('global/deep/later.md', '# Later');
    await until('later.md indexed', async () => (await paths()).includes('global/deep/later.md'));
    expect(await paths()).toEqual(['global/deep/inner.md', 'global/deep/later.md', 'global/hub.md', 'global/saved.md']);
    expect(errors).toEqual([]);
    expect(named.filter((p) => /[/\\](loop|up)([/\\]|$)/.test(p))).toEqual([]);
  });

  it('is no way in for the paths a watcher names either: the walk lists nothing through it', () => {
    const fx = wikis.keep(makeFixture({ 'global/hub.md': '# Hub' }));
    fs.symlinkSync('.', path.join(fx.root, 'global/loop'));
    const walked = walkPaths(fx.root, ['global/loop/hub.md', 'global/loop/loop/loop/hub.md', 'global/loop/loop']);
    expect(walked.files).toEqual([]);
    expect(walked.problems.map((p) => p.reason)).toEqual(Array(3).fill('symlink loop: a folder on its path links back to a folder above it; not followed'));
  });
});

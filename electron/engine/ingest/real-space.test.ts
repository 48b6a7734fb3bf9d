// A file is indexed in the space of its real path, read where the walk checked it (issue 28, item 3):
// real folders and symlinks in a temp wiki, the real walk and the real read.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { readFile } from './file-work.ts';
import { walkPaths, walkRoot } from './walk.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const scoutsWiki = () =>
  makeFixture({
    'global/hub.md': '# Hub',
    'user/scout/private-plan.md': '# Private plan\n\nquokkavault',
    'user/builder/mine/own.md': '# Own',
  });

describe('the walk, over symlinks between spaces', () => {
  it("lists no file of another agent's space under a link, and names the link once", () => {
    fx = scoutsWiki();
    fs.symlinkSync('../scout', path.join(fx.root, 'user/builder/scoutlink'));
    fs.symlinkSync('../user/scout/private-plan.md', path.join(fx.root, 'global/plan.md'));
    const walked = walkRoot(fx.root);
    expect(walked.files.map((f) => f.relPath)).toEqual(['global/hub.md', 'user/builder/mine/own.md', 'user/scout/private-plan.md']);
    expect(walked.problems.map((p) => `${p.relPath}: ${p.reason}`)).toEqual([
      'global/plan.md: symlink into user/scout/, not the shared space: its files are indexed at their real paths only',
      'user/builder/scoutlink: symlink into user/scout/, not user/builder/: its files are indexed at their real paths only',
    ]);
    // a watcher's path under the link is no way in either
    expect(walkPaths(fx.root, ['user/builder/scoutlink/private-plan.md', 'user/builder/scoutlink']).files).toEqual([]);
  });
});

describe('the read of a walked file', () => {
  it('refuses a file whose folder became a symlink into another space after the walk', () => {
    fx = scoutsWiki();
    fx.write('user/builder/mine/private-plan.md', '# My plan');
    const [walked] = walkPaths(fx.root, ['user/builder/mine/private-plan.md']).files;
    expect(readFile(walked!, 1e6, null).kind).toBe('page');
    // swapped between the walk and the read: the path now leads into scout's space
    fs.renameSync(path.join(fx.root, 'user/builder/mine'), path.join(fx.root, 'user/builder/was-mine'));
    fs.symlinkSync('../scout', path.join(fx.root, 'user/builder/mine'));
    const outcome = readFile(walked!, 1e6, null);
    expect(outcome).toEqual({ kind: 'failed', reason: 'a folder or symlink on its path changed while it was read: read again next run' });
  });
});

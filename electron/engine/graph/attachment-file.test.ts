// Images for the page view: only indexed attachments of the root, plain files, image types, bounded size.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('attachment', () => {
  it('returns an indexed image and refuses everything else, naming why', async () => {
    fx = makeFixture({ 'a.md': '# A\n![[logo.png]] ![[notes.pdf]]\n', 'img/logo.png': PNG, 'notes.pdf': '%PDF-1.4', 'secret.png': PNG });
    fs.writeFileSync(path.join(fx.dir, 'outside.png'), PNG);
    const e = fx.engine({ ignorePatterns: ['secret.png'] });
    await e.reindex();
    fs.symlinkSync(path.join(fx.dir, 'outside.png'), path.join(fx.root, 'img', 'late.png'));
    await expect(e.attachment({ root: fx.root, path: 'img/logo.png' })).resolves.toEqual({ mime: 'image/png', base64: PNG.toString('base64') });
    await expect(e.attachment({ root: fx.root, path: 'a.md' })).rejects.toThrow('a.md is not an image Cairn shows');
    await expect(e.attachment({ root: fx.root, path: 'notes.pdf' })).rejects.toThrow('not an image');
    await expect(e.attachment({ root: fx.root, path: 'secret.png' })).rejects.toThrow('secret.png is not an attachment in the index');
    await expect(e.attachment({ root: fx.root, path: '../outside.png' })).rejects.toThrow('not an attachment in the index');
    await expect(e.attachment({ root: fx.dir, path: 'outside.png' })).rejects.toThrow('not an attachment in the index');
    await expect(e.attachment({ root: fx.root, path: 'img/late.png' })).rejects.toThrow('not an attachment in the index');
    fs.rmSync(path.join(fx.root, 'img', 'logo.png'));
    fs.symlinkSync(path.join(fx.dir, 'outside.png'), path.join(fx.root, 'img', 'logo.png'));
    await expect(e.attachment({ root: fx.root, path: 'img/logo.png' })).rejects.toThrow('is gone or is not a plain file (symlinks are not followed)');
    fs.rmSync(path.join(fx.root, 'img', 'logo.png'));
    fs.writeFileSync(path.join(fx.root, 'img', 'logo.png'), '');
    fs.truncateSync(path.join(fx.root, 'img', 'logo.png'), 11 * 1024 * 1024);
    await expect(e.attachment({ root: fx.root, path: 'img/logo.png' })).rejects.toThrow('img/logo.png is 11 MB; Cairn shows images up to 10 MB');
  });

  it("never shows another agent's image through a folder swapped for a symlink into its space", async () => {
    fx = makeFixture({
      'global/index.md': '# Index',
      'user/builder/pics/diagram.png': PNG,
      'user/builder/p.md': '![[diagram.png]]',
      'user/scout/diagram.png': Buffer.concat([PNG, Buffer.from('scout')]),
    });
    const e = fx.engine();
    await e.reindex();
    await expect(e.attachment({ root: fx.root, path: 'user/builder/pics/diagram.png' })).resolves.toMatchObject({ base64: PNG.toString('base64') });
    fs.renameSync(path.join(fx.root, 'user/builder/pics'), path.join(fx.root, 'user/builder/old-pics'));
    fs.symlinkSync('../scout', path.join(fx.root, 'user/builder/pics'));
    await expect(e.attachment({ root: fx.root, path: 'user/builder/pics/diagram.png' })).rejects.toThrow(
      'user/builder/pics/diagram.png lies behind a symlink into another space: Cairn never reads an image through one',
    );
  });
});

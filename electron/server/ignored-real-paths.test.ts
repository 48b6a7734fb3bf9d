// Ignore rules are checked on the real path (DESIGN, "The real path decides"): a symlink is no way
// to index a folder or file the root's ignore rules leave out. `global/pub -> ../private` where
// `.cairnignore` names `private/`, a link to a dot-folder and one to a single ignored file, made
// before a real `cairn serve` starts and while its watcher runs; none of them is indexed or found.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, cairnEnv, startServe, waitForIdle, waitForWatcher, type Served } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
let served: Served;

beforeAll(async () => {
  fx = makeFixture({
    '.cairnignore': 'private/\n',
    'global/hub.md': '# Hub\n\nShared notes.\n',
    'private/secret.md': '# Secret\n\nThe zebracode is 4417.\n',
    'private/later.md': '# Later\n\nThe zebracode for later is 9902.\n',
    '.vault/hidden.md': '# Hidden\n\nTooling notes about zebracode.\n',
    'drafts/draft.md': '# Draft\n\nA draft.\n',
  });
  fs.symlinkSync('../drafts', path.join(fx.root, 'global/drafts-link'));
  fs.symlinkSync('../private', path.join(fx.root, 'global/pub'));
  fs.symlinkSync('../.vault', path.join(fx.root, 'global/vault'));
  fs.symlinkSync('../private/secret.md', path.join(fx.root, 'global/secret-copy.md'));
  served = await startServe(['--db', fx.db, fx.root], cairnEnv(fx.dir));
  await waitForIdle(served.url);
  await waitForWatcher(served);
}, 60_000);

afterAll(async () => {
  await served?.stop();
  fx?.cleanup();
});

const paths = async () => (await api<{ pages: { path: string }[] }>(served.url, 'pages', {})).body.pages.map((p) => p.path).sort();
const found = async () =>
  (await api<{ results: { path: string }[] }>(served.url, 'search', { query: 'zebracode', mode: 'lexical' })).body.results.map((r) => r.path);

describe('a symlink to what the ignore rules leave out', () => {
  it('indexes nothing behind it on the first run', async () => {
    expect(await paths()).toEqual(['drafts/draft.md', 'global/drafts-link/draft.md', 'global/hub.md']);
    expect(await found()).toEqual([]);
  });

  it('indexes nothing behind one made while the watcher runs', async () => {
    const since = new Date().toISOString();
    fs.symlinkSync('../private', path.join(fx.root, 'global/pub2'));
    fs.symlinkSync('../private/later.md', path.join(fx.root, 'global/later-copy.md'));
    // a page saved after the links: once it is indexed, the links' events have been too
    fx.write('global/saved.md', '# Saved\n\nA later note.\n');
    for (let i = 0; i < 200 && !(await paths()).includes('global/saved.md'); i++) await new Promise((r) => setTimeout(r, 100));
    await waitForIdle(served.url, since);
    expect(await paths()).toEqual(['drafts/draft.md', 'global/drafts-link/draft.md', 'global/hub.md', 'global/saved.md']);
    expect(await found()).toEqual([]);
  });

  it('removes what a link showed once the ignore rules leave its real folder out', async () => {
    const since = new Date().toISOString();
    fs.appendFileSync(path.join(fx.root, '.cairnignore'), 'drafts/\n');
    for (let i = 0; i < 200 && (await paths()).includes('drafts/draft.md'); i++) await new Promise((r) => setTimeout(r, 100));
    await waitForIdle(served.url, since);
    expect(await paths()).toEqual(['global/hub.md', 'global/saved.md']);
  });
});

describe('an image behind a folder swapped for a link into an ignored folder', () => {
  it('is not shown', async () => {
    const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const wiki = makeFixture({
      '.cairnignore': 'private/\n',
      'global/page.md': '# Page\n\n![[diagram.png]]\n',
      'global/pics/diagram.png': PNG,
      'private/diagram.png': Buffer.concat([PNG, Buffer.from('private')]),
    });
    const still = await startServe(['--no-watch', '--db', wiki.db, wiki.root], cairnEnv(wiki.dir));
    try {
      await waitForIdle(still.url);
      const ask = () => api<{ base64?: string; error?: string }>(still.url, 'attachment', { root: wiki.root, path: 'global/pics/diagram.png' });
      expect((await ask()).body.base64).toBe(PNG.toString('base64'));
      fs.renameSync(path.join(wiki.root, 'global/pics'), path.join(wiki.root, 'global/old-pics'));
      fs.symlinkSync('../private', path.join(wiki.root, 'global/pics'));
      const after = await ask();
      expect(after.body.base64).toBeUndefined();
      expect(after.status).toBe(400);
    } finally {
      await still.stop();
      wiki.cleanup();
    }
  });
});

// Review, archive, a link fix and a page's source changes, asked by root and path, act on the page
// asked for, not on the first page with its name (Plugins/Templates beside Obsidian Web Clipper/Templates).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const PLUGIN = 'Plugins/Templates.md';
const CLIPPER = 'Obsidian Web Clipper/Templates.md';
const FILES = {
  [PLUGIN]: '# Templates\n\nThe core plugin.\n',
  [CLIPPER]: '---\nsources: [clip-source.txt]\n---\n# Templates\n\nClipper templates.\n',
  'Obsidian Web Clipper/clip-source.txt': 'what the clipper reads\n',
  'Plugins/Overview.md': '# Overview\n\nThe plugins.\n',
  'Obsidian Web Clipper/Overview.md': '# Overview\n\nSee [[Missing page]] too.\n',
};

it('review, archive, fixLink and sourceChanges by root and path act on that page only', async () => {
  fx = makeFixture(FILES);
  const e = fx.engine();
  await e.reindex();
  const root = fx.root;
  const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

  const changes = await e.sourceChanges({ key: 'Templates', root, path: CLIPPER });
  expect(changes.sources.map((s) => s.source)).toEqual(['clip-source.txt']);

  const reviewed = await e.reviewPage({ key: 'Templates', root, path: CLIPPER, actor: 'test' });
  expect(reviewed.path).toBe(CLIPPER);
  expect(read(CLIPPER)).toMatch(/reviewed: \d{4}-\d{2}-\d{2}/);
  expect(read(PLUGIN)).toBe(FILES[PLUGIN]);

  const archived = await e.archivePage({ key: 'Templates', root, path: CLIPPER, actor: 'test' });
  expect(archived.path).toBe(CLIPPER);
  expect(read(CLIPPER)).toMatch(/archived_since: /);
  expect(read(PLUGIN)).toBe(FILES[PLUGIN]);

  const fix = await e.fixLink({
    key: 'Overview',
    root,
    path: 'Obsidian Web Clipper/Overview.md',
    line: 3,
    target: 'Missing page',
    action: 'remove',
    dryRun: true,
    actor: 'test',
  });
  expect(fix.changes.map((c) => [c.path, c.lines])).toEqual([
    ['Obsidian Web Clipper/Overview.md', [{ line: 3, before: 'See [[Missing page]] too.', after: 'See Missing page too.' }]],
  ]);

  // applied, the fix edits that page, not the first Overview (which has no such link)
  const applied = await e.fixLink({
    key: 'Overview',
    root,
    path: 'Obsidian Web Clipper/Overview.md',
    line: 3,
    target: 'Missing page',
    action: 'remove',
    actor: 'test',
  });
  expect(applied.applied).toBe(true);
  expect(read('Obsidian Web Clipper/Overview.md')).toBe('# Overview\n\nSee Missing page too.\n');
  expect(read('Plugins/Overview.md')).toBe(FILES['Plugins/Overview.md']);

  // a place with no page of that key is refused, and nothing is written
  await expect(e.reviewPage({ key: 'Templates', root, path: 'Nowhere/Templates.md', actor: 'test' })).rejects.toMatchObject({ code: 'conflict' });
});

it('consolidation archives each of two same-named notes at its own place, and names each by root and path', async () => {
  fx = makeFixture({
    'alpha/2020-01-02.md': '---\ntags: [oauth]\n---\n# Thursday\n\nThe OAuth token expired after ten minutes in staging, so the refresh window grew.\n',
    'beta/2020-01-02.md': '---\ntags: [oauth]\n---\n# Thursday\n\nOAuth refresh failed again because the clock skew on node seven exceeded the leeway.\n',
  });
  const e = fx.engine();
  await e.reindex();
  const r = await e.consolidate({ olderThanDays: 14, actor: 'test' });
  expect(r.groups.flatMap((g) => g.notes.map((n) => [n.root, n.path])).sort()).toEqual([
    [fx.root, 'alpha/2020-01-02.md'],
    [fx.root, 'beta/2020-01-02.md'],
  ]);
  expect(r.groups.flatMap((g) => g.archived.map((a) => a.path)).sort()).toEqual(['alpha/2020-01-02.md', 'beta/2020-01-02.md']);
  for (const rel of ['alpha/2020-01-02.md', 'beta/2020-01-02.md']) expect(fs.readFileSync(path.join(fx.root, rel), 'utf8')).toMatch(/archived_since: /);
});

it('retargeting a link to a path points it at that page of two with one name, by key where the key already leads there', async () => {
  fx = makeFixture({
    [PLUGIN]: FILES[PLUGIN],
    [CLIPPER]: '# Templates\n\nClipper templates.\n',
    'Plugins/Overview.md': '# Overview\n\nSee [[Templats]] and [[Templetes]].\n',
  });
  const e = fx.engine();
  await e.reindex();
  const fix = (target: string, to: string) => e.fixLink({ key: 'Overview', line: 3, target, action: 'retarget', to, dryRun: true, actor: 'test' });
  // from Plugins/, [[Templates]] is the copy beside it: the clipper's needs its path
  expect((await fix('Templats', 'Obsidian Web Clipper/Templates')).changes[0]!.lines[0]!.after).toBe(
    'See [[Obsidian Web Clipper/Templates]] and [[Templetes]].',
  );
  expect((await fix('Templetes', 'Plugins/Templates.md')).changes[0]!.lines[0]!.after).toBe('See [[Templats]] and [[Templates]].');
  await expect(fix('Templats', 'Nowhere/Templates')).rejects.toMatchObject({ code: 'bad-request' });
});

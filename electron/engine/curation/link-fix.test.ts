// Fixing broken links through the write path, on real files and a real index on each store: each
// action on each link form, the preview matching what is written, undo, and the cases that must be
// refused.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openBareConnection } from '../store/sqlite/database.ts';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const read = (rel: string) => fs.readFileSync(path.join(fx.root, rel), 'utf8');
const dangling = async (e: ReturnType<Fixture['engine']>) =>
  (await e.links({ kind: 'dangling' })).findings.map((f) => `${f.source}:${f.line} ${f.kind} ${f.target}`);

const WIKI = {
  'guides/setup.md':
    '---\ntitle: Setup\nrefs: [graph-lane, fusion]  # what it builds on\n---\n# Setup\r\nRead [[fusoin#Weights|the fusion page]] and [[fusoin]] first.\nThen [install](install-on-windows.md "Windows") or ![[diagram]].\n',
  'reference/fusion.md': '---\ntitle: Fusion\naliases: [rank fusion]\n---\n# Fusion\n## Weights\n',
  'reference/graph-lane-ideas.md': '# Graph lane ideas\n',
  'guides/install.md': '# Install\n',
};

describe.each(storeKinds())('fixLink (%s)', (kind) => {
  it('suggests a page whose name holds the missing target as a word: [[manifesto]] finds "Quillfeather Manifesto"', async () => {
    fx = await makeStoreFixture(kind, {
      ...WIKI,
      'notes/plan.md': '---\ntitle: Quillfeather Manifesto\n---\n# Quillfeather Manifesto\n',
      'notes/other.md': '# Manifold\nSee [[manifesto]].\n',
    });
    const e = fx.engine();
    await e.reindex();
    const { suggestions } = await e.suggestTargets({ targets: ['manifesto'] });
    expect(suggestions[0]?.pages.map((p) => p.path)).toContain('notes/plan.md');
  });

  it('retargets a wikilink to a suggestion, keeping anchor, label and every other byte; the report shrinks', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    expect(await dangling(e)).toEqual([
      'guides/setup.md:3 ref graph-lane',
      'guides/setup.md:6 wikilink fusoin',
      'guides/setup.md:6 wikilink fusoin',
      'guides/setup.md:7 markdown install-on-windows.md',
      'guides/setup.md:7 embed diagram',
    ]);
    const { suggestions } = await e.suggestTargets({ targets: ['fusoin', 'graph-lane', 'install-on-windows.md'] });
    expect(suggestions.map((s) => s.pages[0]?.key)).toEqual(['fusion', 'graph-lane-ideas', 'install']);
    const before = read('guides/setup.md');
    const preview = await e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'retarget', to: 'fusion', dryRun: true, actor: 'alice' });
    expect(preview).toEqual({
      applied: false,
      auditId: null,
      changes: [
        {
          root: fx.root,
          path: 'guides/setup.md',
          key: 'setup',
          created: false,
          lines: [
            {
              line: 6,
              before: 'Read [[fusoin#Weights|the fusion page]] and [[fusoin]] first.',
              after: 'Read [[fusion#Weights|the fusion page]] and [[fusion]] first.',
            },
          ],
        },
      ],
    });
    expect(read('guides/setup.md')).toBe(before);
    const applied = await e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'retarget', to: 'fusion', actor: 'alice' });
    expect(applied.applied).toBe(true);
    expect(read('guides/setup.md')).toBe(before.replace('[[fusoin#Weights', '[[fusion#Weights').replace('[[fusoin]]', '[[fusion]]'));
    expect(await dangling(e)).not.toContain('guides/setup.md:6 wikilink fusoin');
    expect((await e.audit({})).entries[0]).toMatchObject({
      id: applied.auditId,
      actor: 'alice',
      action: 'fix',
      detail: 'retargeted fusoin → fusion on line 6',
      undoable: true,
    });
  });

  it('retargets a ref in the frontmatter and a markdown link by relative path', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    await e.fixLink({ key: 'setup', line: 3, target: 'graph-lane', action: 'retarget', to: 'graph-lane-ideas', actor: 'alice' });
    await e.fixLink({ key: 'setup', line: 7, target: 'install-on-windows.md', action: 'retarget', to: 'install', actor: 'alice' });
    const text = read('guides/setup.md');
    expect(text).toContain('refs: [graph-lane-ideas, fusion]  # what it builds on\n---\n# Setup\r\n');
    expect(text).toContain('Then [install](install.md "Windows") or ![[diagram]].');
    expect(await dangling(e)).toEqual(['guides/setup.md:6 wikilink fusoin', 'guides/setup.md:6 wikilink fusoin', 'guides/setup.md:7 embed diagram']);
  });

  it('removes a link and keeps the text a reader saw', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    await e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'remove', actor: 'alice' });
    await e.fixLink({ key: 'setup', line: 7, target: 'install-on-windows.md', action: 'remove', actor: 'alice' });
    await e.fixLink({ key: 'setup', line: 3, target: 'graph-lane', action: 'remove', actor: 'alice' });
    const text = read('guides/setup.md');
    expect(text).toContain('Read the fusion page and fusoin first.\nThen install or ![[diagram]].\n');
    expect(text).toContain('refs: [fusion]  # what it builds on\n---');
  });

  it('with the column a finding names, changes that link alone', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const findings = (await e.links({ kind: 'dangling' })).findings.filter((f) => f.line === 6);
    expect(findings.map((f) => f.column)).toEqual([6, 45]);
    await e.fixLink({ key: 'setup', line: 6, column: 45, target: 'fusoin', action: 'remove', actor: 'alice' });
    expect(read('guides/setup.md')).toContain('Read [[fusoin#Weights|the fusion page]] and fusoin first.\n');
  });

  // an SQLite index of an older schema: PostgreSQL's starts at its own first version
  it.runIf(kind === 'sqlite')('an index from before columns learns them on its next run', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    await fx.engine().reindex();
    const db = openBareConnection(fx.db);
    db.exec('UPDATE links SET col = NULL; PRAGMA user_version = 17');
    db.close();
    const e = fx.engine();
    await e.reindex();
    expect((await e.links({ kind: 'dangling' })).findings.map((f) => f.column)).toEqual([null, 6, 45, 6, 52]);
  });

  it('creates a stub where the link looks, and the link resolves', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const preview = await e.fixLink({ key: 'setup', line: 7, target: 'diagram', kind: 'embed', action: 'stub', dryRun: true, actor: 'alice' });
    expect(preview.changes[0]).toMatchObject({ path: 'diagram.md', key: 'diagram', created: true });
    expect(preview.changes[0]!.lines.every((l) => l.before === null)).toBe(true);
    expect(fs.existsSync(path.join(fx.root, 'diagram.md'))).toBe(false);
    await e.fixLink({ key: 'setup', line: 7, target: 'install-on-windows.md', action: 'stub', actor: 'alice' });
    expect(read('guides/install-on-windows.md')).toBe(
      '---\ntitle: Install on windows\ntags:\n  - stub\n---\n# Install on windows\n\nA stub, created for the link in setup (guides/setup.md, line 7). Say here what Install on windows is.\n',
    );
    expect(await dangling(e)).not.toContain('guides/setup.md:7 markdown install-on-windows.md');
    expect((await e.getPage({ key: 'install-on-windows' })).backlinks.map((l) => l.sourceKey)).toEqual(['setup']);
  });

  it('places a stub in the linking page’s space in a scoped wiki', async () => {
    fx = await makeStoreFixture(kind, { 'global/index.md': '# Index\n[[shared-thing]]\n', 'user/scout/notes.md': '# Notes\n[[my-thing]]\n' });
    const e = fx.engine();
    await e.reindex();
    await e.fixLink({ key: 'index', line: 2, target: 'shared-thing', action: 'stub', actor: 'alice' });
    await e.fixLink({ key: 'notes', agent: 'scout', line: 2, target: 'my-thing', action: 'stub', actor: 'scout' });
    expect(fs.existsSync(path.join(fx.root, 'global/shared-thing.md'))).toBe(true);
    expect(fs.existsSync(path.join(fx.root, 'user/scout/my-thing.md'))).toBe(true);
    expect(await dangling(e)).toEqual([]);
  });

  it('refuses what it cannot fix, naming why, and writes nothing', async () => {
    fx = await makeStoreFixture(kind, { ...WIKI, 'shot.md': '# Shot\n![](missing.png)\n' });
    const e = fx.engine();
    await e.reindex();
    const before = read('guides/setup.md');
    await expect(e.fixLink({ key: 'setup', line: 5, target: 'fusoin', action: 'remove', actor: 'a' })).rejects.toThrow(
      'guides/setup.md has no link to "fusoin" on line 5',
    );
    await expect(e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'retarget', to: 'nowhere', actor: 'a' })).rejects.toThrow(
      'no page with key "nowhere"',
    );
    await expect(e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'retarget', actor: 'a' })).rejects.toThrow(/retarget needs `to`/);
    await expect(e.fixLink({ key: 'shot', line: 2, target: 'missing.png', action: 'stub', actor: 'a' })).rejects.toThrow('names a file, not a page');
    await expect(e.fixLink({ key: 'setup', line: 3, target: 'graph-lane', action: 'stub', actor: 'a', kind: 'ref' })).resolves.toMatchObject({ applied: true });
    await expect(e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'stub', actor: 'a' })).resolves.toMatchObject({ applied: true });
    expect(read('guides/setup.md')).toBe(before);
  });

  it('refuses a fix when the page changed on disk after it was indexed', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    fx.write('guides/setup.md', '# Setup\nrewritten\n');
    await expect(e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'remove', actor: 'a' })).rejects.toThrow(
      'guides/setup.md changed since it was indexed',
    );
    expect(read('guides/setup.md')).toBe('# Setup\nrewritten\n');
  });

  // the index's line and column describe the file it read: in a file changed since, they may name
  // other text (a code span written where the link was), and its frontmatter lists are not the file's
  it('refuses a fix by line and column, or in the frontmatter, once the page changed on disk since it was indexed', async () => {
    fx = await makeStoreFixture(kind, { 'a.md': '---\nrefs: [gone]\n---\n# A\n\nabc [[fusoin]] end.\n' });
    const e = fx.engine();
    await e.reindex();
    const [finding] = (await e.links({ kind: 'dangling' })).findings.filter((f) => f.kind === 'wikilink');
    expect(finding).toMatchObject({ line: 6, column: 5 });
    // the link moves right; a code span with the same text now starts at the indexed column
    const edited = '---\nrefs: [gone, kept]\n---\n# A\n\n`ab [[fusoin]]` [[fusoin]] end.\n';
    fx.write('a.md', edited);
    await expect(e.fixLink({ key: 'a', line: 6, column: 5, target: 'fusoin', action: 'remove', actor: 'a' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(e.fixLink({ key: 'a', line: 2, target: 'gone', action: 'remove', actor: 'a' })).rejects.toMatchObject({ code: 'conflict' });
    expect(read('a.md')).toBe(edited);
    // indexed again, the same fix lands on the link itself and keeps the frontmatter the file has
    await e.reindex();
    await e.fixLink({ key: 'a', line: 6, column: 17, target: 'fusoin', action: 'remove', actor: 'a' });
    await e.fixLink({ key: 'a', line: 2, target: 'gone', action: 'remove', actor: 'a' });
    expect(read('a.md')).toBe('---\nrefs: [kept]\n---\n# A\n\n`ab [[fusoin]]` fusoin end.\n');
  });
});

describe.each(storeKinds())('undo (%s)', (kind) => {
  it('puts back the bytes a fix replaced, and removes a stub it created, each logged', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const before = read('guides/setup.md');
    const fix = await e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'retarget', to: 'fusion', actor: 'alice' });
    const stub = await e.fixLink({ key: 'setup', line: 7, target: 'diagram', action: 'stub', actor: 'alice' });
    await e.undo({ id: fix.auditId!, actor: 'alice' });
    expect(read('guides/setup.md')).toBe(before);
    expect(await dangling(e)).toContain('guides/setup.md:6 wikilink fusoin');
    expect(await e.undo({ id: stub.auditId!, actor: 'alice' })).toMatchObject({ path: 'diagram.md', removed: true });
    expect(fs.existsSync(path.join(fx.root, 'diagram.md'))).toBe(false);
    expect(await dangling(e)).toContain('guides/setup.md:7 embed diagram');
    expect((await e.audit({ action: 'undo' })).entries.map((x) => x.detail)).toEqual([
      `undid #${stub.auditId} (fix: created a stub for diagram (linked from guides/setup.md:7))`,
      `undid #${fix.auditId} (fix: retargeted fusoin → fusion on line 6)`,
    ]);
  });

  it('refuses to undo over a later change, which survives', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const fix = await e.fixLink({ key: 'setup', line: 6, target: 'fusoin', action: 'remove', actor: 'alice' });
    const stub = await e.fixLink({ key: 'setup', line: 7, target: 'diagram', action: 'stub', actor: 'alice' });
    fx.write('guides/setup.md', `${read('guides/setup.md')}more\n`);
    fx.write('diagram.md', '# Diagram\nsomeone wrote this\n');
    await expect(e.undo({ id: fix.auditId!, actor: 'alice' })).resolves.toMatchObject({
      outcome: 'blocked',
      reason: 'changed-outside',
      blockedBy: null,
      message: expect.stringMatching(/changed after audit entry #\d+, and not by a write in the log .* nothing was written/),
    });
    await expect(e.undo({ id: stub.auditId!, actor: 'alice' })).resolves.toMatchObject({ outcome: 'blocked', reason: 'changed-outside' });
    expect(read('guides/setup.md')).toMatch(/more\n$/);
    expect(read('diagram.md')).toBe('# Diagram\nsomeone wrote this\n');
    await expect(e.undo({ id: 999, actor: 'alice' })).rejects.toThrow('no audit entry 999');
  });
});

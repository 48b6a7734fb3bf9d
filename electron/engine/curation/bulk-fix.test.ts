// Bulk fixes through the engine on real files and a real index on each store: every removal in a page made in
// one write (links side by side on a line, a frontmatter ref), one stub for `X` and `X.md`, a
// dry run that writes nothing, and each write logged and undoable.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const read = (rel: string) => fs.readFileSync(path.join(fx.root, rel), 'utf8');
const WIKI = {
  'a.md': '---\nrefs: [gone, kept]\n---\n# A\n`[[gone]]` then [[gone]] and [[gone.md|Gone]] and [[other]].\n',
  'b.md': '# B\n[[gone]]\n',
  'kept.md': '# Kept\n',
};

describe.each(storeKinds())('fixLinks (%s)', (kind) => {
  it('removes every named link, one write per page, after a dry run that writes nothing', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const links = (await e.links({ kind: 'dangling' })).findings.filter((f) => f.target.startsWith('gone'));
    const named = links.map((f) => ({ key: f.sourceKey, line: f.line, column: f.column ?? undefined, target: f.target, kind: f.kind }));
    const dry = await e.fixLinks({ action: 'remove', links: named, dryRun: true, actor: 'alice' });
    expect(dry.changes.map((c) => c.path)).toEqual(['a.md', 'b.md']);
    expect(dry.changes[0]!.lines).toContainEqual({
      line: 5,
      before: '`[[gone]]` then [[gone]] and [[gone.md|Gone]] and [[other]].',
      after: '`[[gone]]` then gone and Gone and [[other]].',
    });
    expect(read('a.md')).toBe(WIKI['a.md']);
    const done = await e.fixLinks({ action: 'remove', links: named, actor: 'alice' });
    expect(done).toMatchObject({ applied: true, skipped: [] });
    expect(done.auditIds).toHaveLength(2);
    expect(read('a.md')).toBe('---\nrefs: [kept]\n---\n# A\n`[[gone]]` then gone and Gone and [[other]].\n');
    expect(read('b.md')).toBe('# B\ngone\n');
    for (const id of [...done.auditIds].reverse()) await e.undo({ id, actor: 'alice' });
    expect(read('a.md')).toBe(WIKI['a.md']);
  });

  it('creates one stub for X and X.md, and skips what it cannot fix', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const r = await e.fixLinks({
      action: 'stub',
      links: [
        { key: 'a', line: 5, target: 'gone', kind: 'wikilink' },
        { key: 'a', line: 5, target: 'gone.md', kind: 'wikilink' },
        { key: 'b', line: 1, target: 'gone' },
      ],
      actor: 'alice',
    });
    expect(r.changes.map((c) => [c.path, c.created])).toEqual([['gone.md', true]]);
    expect(r.skipped).toEqual([{ key: 'b', line: 1, target: 'gone', reason: expect.stringMatching(/no link to "gone" on line 1/) }]);
    expect(fs.existsSync(path.join(fx.root, 'gone.md'))).toBe(true);
  });

  it('writes each of two same-named pages at its own place, and skips a page changed since it was indexed', async () => {
    fx = await makeStoreFixture(kind, { 'one/note.md': '# Note\n[[gone]]\n', 'two/note.md': '# Note\n[[gone]] too\n', 'c.md': '# C\n[[gone]]\n' });
    const e = fx.engine();
    await e.reindex();
    const named = (await e.links({ kind: 'dangling' })).findings.map((f) => ({
      key: f.sourceKey,
      root: f.root,
      path: f.source,
      line: f.line,
      column: f.column ?? undefined,
      target: f.target,
      kind: f.kind,
    }));
    fx.write('c.md', '# C\n`[[gone]]` [[gone]]\n');
    const r = await e.fixLinks({ action: 'remove', links: named, actor: 'alice' });
    expect(r.changes.map((c) => c.path)).toEqual(['one/note.md', 'two/note.md']);
    expect(r.skipped).toEqual([{ key: 'c', line: 2, target: 'gone', reason: expect.stringMatching(/c\.md changed since it was indexed/) }]);
    expect([read('one/note.md'), read('two/note.md'), read('c.md')]).toEqual(['# Note\ngone\n', '# Note\ngone too\n', '# C\n`[[gone]]` [[gone]]\n']);
  });
});

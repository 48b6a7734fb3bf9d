// What a one-page write recomputes of staleness: that page and the pages it can have changed
// (those citing it in `sources`, those linking to it), not the whole wiki; and the git it asks
// runs beside the event loop, never blocking it. Likewise the `sources` it resolves again. Real
// files, a real index on each store, a real git repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSettings } from '../config/settings.ts';
import { Engine } from '../engine.ts';
import { engineApi } from '../engine-api.ts';
import { storeKinds } from '../testing/pg-test.ts';
import { plainDate } from '../../../shared/plain-date.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture, TestEngine } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

const reasons = async (e: TestEngine) => Object.fromEntries((await e.stalePages({})).pages.map((p) => [p.key, p.reasons.map((r) => `${r.kind}: ${r.detail}`)]));

function setMtime(file: string, daysBack: number): void {
  const t = new Date(Date.now() - daysBack * 86_400_000);
  fs.utimesSync(file, t, t);
}

function commitAll(cwd: string, message: string): void {
  execFileSync('git', ['add', '.'], { cwd });
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', 'commit', '-qm', message], { cwd });
}

describe.each(storeKinds())('staleness after a write (%s)', (kind) => {
  it('is recomputed for the page written and the pages citing or linking to it, and for no other page', async () => {
    fx = await makeStoreFixture(kind, {
      'cited.md': '# Cited\n',
      'citing.md': `---\nreviewed: ${daysAgo(10)}\nsources: [cited.md]\n---\n# Citing\n`,
      'linker.md': `---\nreviewed: ${daysAgo(10)}\n---\n# Linker\n[[cited]]\n`,
      'unrelated.md': `---\nreviewed: ${daysAgo(10)}\nsources: [tool.ts]\n---\n# Unrelated\n`,
      'tool.ts': 'x',
    });
    setMtime(path.join(fx.root, 'cited.md'), 30);
    setMtime(path.join(fx.root, 'tool.ts'), 30);
    const e = fx.engine();
    await e.reindex();
    expect(await reasons(e)).toEqual({});

    // a source outside the index changes: only a full run looks at it again
    setMtime(path.join(fx.root, 'tool.ts'), 0);
    await e.writePage({ key: 'cited', body: '# Cited, changed\n', actor: 'alice' });
    expect(await reasons(e)).toEqual({
      citing: [`source-changed: cited.md changed on ${plainDate(today())}, after its last review or update on ${plainDate(daysAgo(10))}`],
    });

    await e.archivePage({ key: 'cited', actor: 'alice' });
    expect((await reasons(e)).linker).toEqual(['links-archived: links to cited, which is archived']);

    await e.reindex();
    expect((await reasons(e)).unrelated).toEqual([
      `source-changed: tool.ts changed on ${plainDate(today())}, after its last review or update on ${plainDate(daysAgo(10))}`,
    ]);
  });

  it('takes in the pages the age rule reached since their row was written, which no write touches', async () => {
    fx = await makeStoreFixture(kind, { 'old.md': `---\nupdated: ${daysAgo(30)}\n---\n# Old\n`, 'other.md': '# Other\n' });
    const e = fx.engine();
    await e.reindex();
    expect(await reasons(e)).toEqual({});
    // as if 160 days went by: the same index, with the age limit 20 days instead of 180
    const later = Engine.open({
      ...resolveSettings({ roots: [fx.root], db: fx.db, model: 'none', env: { CAIRN_CONFIG: path.join(fx.dir, 'none.json') } }),
      staleAfterDays: 20,
    });
    try {
      await engineApi(later).writePage({ key: 'other', body: '# Other, edited\n', actor: 'alice' });
      expect(await reasons(engineApi(later))).toEqual({
        old: [`not-reviewed: no review or update since ${plainDate(daysAgo(30))}, more than 20 days before this check`],
      });
    } finally {
      void later.close();
    }
  });

  it("reads git beside the event loop: a write's git calls finish while timers keep running", { timeout: 30_000 }, async () => {
    fx = await makeStoreFixture(kind, {
      'wiki/auth.md': `---\nreviewed: ${daysAgo(10)}\nsources: [../src/auth.ts]\n---\n# Auth\n`,
      'src/auth.ts': 'export const v = 1;\n',
    });
    execFileSync('git', ['init', '-q'], { cwd: fx.root });
    commitAll(fx.root, 'first');
    const e = fx.engine({ roots: [path.join(fx.root, 'wiki')] });
    await e.reindex();
    // git as the engine finds it on PATH, held until a timer of this process has run while git was running:
    // a git run that blocks the event loop can never be let go, and says so in the log
    const realGit = execFileSync('sh', ['-c', 'command -v git']).toString().trim();
    const bin = path.join(fx.dir, 'bin');
    const [log, started, go] = ['git.log', 'started', 'go'].map((f) => path.join(fx.dir, f)) as [string, string, string];
    fs.mkdirSync(bin);
    fs.writeFileSync(
      path.join(bin, 'git'),
      `#!/bin/sh\necho "$1 $2 $3" >> "${log}"\ntouch "${started}"\nn=0\nwhile [ ! -f "${go}" ]; do\n  n=$((n+1))\n  if [ $n -gt 40 ]; then echo blocked >> "${log}"; break; fi\n  sleep 0.05\ndone\nexec "${realGit}" "$@"\n`,
      { mode: 0o755 },
    );
    const write = async (body: string) => {
      const pathBefore = process.env.PATH;
      process.env.PATH = `${bin}${path.delimiter}${pathBefore}`;
      const timer = setInterval(() => {
        if (fs.existsSync(started)) fs.writeFileSync(go, '');
      }, 1);
      try {
        await e.writePage({ key: 'auth', body, actor: 'alice' });
      } finally {
        clearInterval(timer);
        process.env.PATH = pathBefore;
      }
    };
    // nothing committed since the last run: what git said then still holds, git is not asked
    await write('# Auth, again\n');
    expect(fs.existsSync(log)).toBe(false);
    // a new commit: git is asked again
    fs.appendFileSync(path.join(fx.root, 'src/auth.ts'), '// more\n');
    commitAll(fx.root, 'second');
    await write('# Auth, once more\n');
    const calls = fs.readFileSync(log, 'utf8');
    expect(calls).toMatch(/log/); // git was asked...
    expect(calls).not.toMatch(/blocked/); // ...and never held the event loop
  });
});

/** Each `sources` entry found nowhere, as "page -> entry", in order. */
const missingSources = async (e: TestEngine) =>
  (await e.links({ kind: 'dangling' })).findings
    .filter((f) => f.kind === 'source')
    .map((f) => `${f.sourceKey} -> ${f.target}`)
    .sort();

describe.each(storeKinds())('sources after a write (%s)', (kind) => {
  it('are resolved again for the pages naming the path written, not for every page', async () => {
    fx = await makeStoreFixture(kind, {
      'citing.md': '---\nsources: [later.md]\n---\n# Citing\n',
      'unrelated.md': '---\nsources: [../outside.ts]\n---\n# Unrelated\n',
      'other.md': '# Other\n',
    });
    fs.writeFileSync(path.join(fx.dir, 'outside.ts'), 'x');
    const e = fx.engine();
    await e.reindex();
    const missing = () => missingSources(e);
    expect(await missing()).toEqual(['citing -> later.md']);

    // a file outside the wiki goes, unseen by the index: only a full run looks at it again
    fs.rmSync(path.join(fx.dir, 'outside.ts'));
    await e.writePage({ key: 'later', path: 'later.md', body: '# Later\n', actor: 'alice' });
    expect(await missing()).toEqual([]);
    await e.reindex();
    expect(await missing()).toEqual(['unrelated -> ../outside.ts']);
  });
});

describe.each(storeKinds())('sources a run of paths moved (%s)', (kind) => {
  it('are resolved again when the file or folder they were found at goes', async () => {
    fx = await makeStoreFixture(kind, { 'citing.md': '---\nsources: [data/x.csv, data, other.csv]\n---\n# Citing\n' });
    fs.mkdirSync(path.join(fx.root, 'data'));
    fs.writeFileSync(path.join(fx.root, 'data/x.csv'), 'x');
    fs.writeFileSync(path.join(fx.root, 'other.csv'), 'o');
    const e = fx.engine();
    await e.reindex();
    const missing = () => missingSources(e);
    expect(await missing()).toEqual([]);
    fs.rmSync(path.join(fx.root, 'data'), { recursive: true });
    await e.reindexPaths([path.join(fx.root, 'data')]);
    expect(await missing()).toEqual(['citing -> data', 'citing -> data/x.csv']);
  });
});

describe.each(storeKinds())('sources a write can have moved (%s)', (kind) => {
  it('are those found at a path written, under one, or at a folder around one, as pathsMeet has it', async () => {
    fx = await makeStoreFixture(kind, {
      'docs/a.md': '# A\n',
      'docs/deep/b.md': '# B\n',
      'docs2/c.md': '# C\n',
      'citing.md': '---\nsources: [docs/a.md, docs, docs/deep/b.md, docs2/c.md, docs2, "https://example.org/x"]\n---\n# Citing\n',
    });
    const e = fx.engine();
    await e.reindex();
    const found = (rel: string) => path.join(fx.root, rel);
    const meeting = async (paths: string[]) => (await e.store.staleness.sourcesMeeting(paths.map(found))).map((s) => path.relative(fx.root, s.found)).sort();
    // every source found at a path; the URL too, when nothing narrows them
    expect((await e.store.staleness.sourcesMeeting([])).length).toBe(6);
    expect(await meeting(['docs/a.md'])).toEqual(['docs', 'docs/a.md']);
    // a folder written: what lies under it, not its sibling docs2
    expect(await meeting(['docs'])).toEqual(['docs', 'docs/a.md', 'docs/deep/b.md']);
    expect(await meeting(['docs/deep/b.md', 'docs2/c.md'])).toEqual(['docs', 'docs/deep/b.md', 'docs2', 'docs2/c.md']);
    expect(await meeting(['elsewhere.md'])).toEqual([]);
    // deep paths: one parameter, however many folders lie around them; a lone surrogate as a bound string takes it
    const deep = Array.from({ length: 10 }, (_, i) => `t${i}/${'a/'.repeat(330)}f.md`);
    expect(await meeting(deep)).toEqual([]);
    expect(await meeting(['docs/lone\ud800.md'])).toEqual(['docs']);
  });
});

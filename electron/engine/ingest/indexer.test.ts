// Ingest on real files into a real SQLite file: incremental runs, deletions, ignore rules, bad input.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AS_NOBODY, CLI, nobodyCanRunCli } from '../testing/cairn-process.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const rowids = (fxe: ReturnType<Fixture['engine']>, key: string) =>
  fxe.db.prepare(`SELECT l.id FROM links l JOIN pages p ON p.id = l.page_id WHERE p.key = ? ORDER BY l.id`).all(key);

describe('incremental indexing', () => {
  it('an unchanged re-index reads nothing; a changed file rewrites only its rows', async () => {
    fx = makeFixture({ 'a.md': '# A\n[[b]]', 'b.md': '# B\n[[a]]', 'c.md': '# C\n[[a]] [[b]]' });
    const e = fx.engine();
    const first = await e.reindex();
    expect(first).toMatchObject({ pages: 3, indexed: 3, unchanged: 0, links: 4, dangling: 0 });
    const cLinks = rowids(e, 'c');

    const second = await e.reindex();
    expect(second).toMatchObject({ pages: 3, indexed: 0, unchanged: 3 });

    fx.write('a.md', '# A\n[[b]] [[new-target]]');
    const third = await e.reindex();
    expect(third).toMatchObject({ indexed: 1, unchanged: 2, links: 5, dangling: 1 });
    expect(rowids(e, 'c')).toEqual(cLinks);
  });

  it('a touched file with the same bytes is not re-parsed', async () => {
    fx = makeFixture({ 'a.md': '# A' });
    const e = fx.engine();
    await e.reindex();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(fx.root, 'a.md'), later, later);
    expect(await e.reindex()).toMatchObject({ indexed: 0, unchanged: 1 });
    expect(await e.reindex()).toMatchObject({ indexed: 0, unchanged: 1 });
  });

  it('a deleted file leaves the index and its inbound links become dangling', async () => {
    fx = makeFixture({ 'a.md': '[[b]]\n[[b#Head]]', 'b.md': '## Head' });
    const e = fx.engine();
    await e.reindex();
    fx.remove('b.md');
    const r = await e.reindex();
    expect(r).toMatchObject({ pages: 1, removed: 1, dangling: 2 });
    expect(e.db.prepare(`SELECT count(*) AS n FROM chunks`).get()).toEqual({ n: 1 });
    fx.write('b.md', '## Head');
    expect(await e.reindex()).toMatchObject({ pages: 2, dangling: 0, brokenAnchors: 0 });
  });

  it('a renamed heading breaks the anchors that pointed at it', async () => {
    fx = makeFixture({ 'a.md': '[[b#Old Name]]', 'b.md': '## Old name' });
    const e = fx.engine();
    await e.reindex();
    fx.write('b.md', '## New name, longer');
    expect(await e.reindex()).toMatchObject({ brokenAnchors: 1, dangling: 0 });
  });
});

describe('ignore rules', () => {
  it('honours .cairnignore with gitignore semantics, config patterns and the defaults', async () => {
    fx = makeFixture({
      '.cairnignore': 'drafts/\n*.tmp.md\n!keep.tmp.md\n/top-only.md\n',
      'drafts/d.md': 'x',
      'x.tmp.md': 'x',
      'keep.tmp.md': 'x',
      'top-only.md': 'x',
      'sub/top-only.md': 'x',
      'private/secret.md': 'x',
      '.git/HEAD.md': 'x',
      '.obsidian/workspace.md': 'x',
      '_layouts/page.md': 'x',
      'node_modules/pkg/readme.md': 'x',
      'dist/out.md': 'x',
      'ok.md': 'x',
    });
    const e = fx.engine({ ignorePatterns: ['private/'] });
    await e.reindex();
    const paths = (e.db.prepare(`SELECT rel_path FROM files ORDER BY rel_path`).all() as { rel_path: string }[]).map((r) => r.rel_path);
    expect(paths).toEqual(['keep.tmp.md', 'ok.md', 'sub/top-only.md']);
  });

  it('a file that becomes ignored leaves the index', async () => {
    fx = makeFixture({ 'a.md': 'x', 'b.md': 'x' });
    const e = fx.engine();
    await e.reindex();
    fx.write('.cairnignore', 'b.md\n');
    expect(await e.reindex()).toMatchObject({ pages: 1, removed: 1 });
  });
});

describe('bad input: every case is indexed or skipped with a reason, and the run finishes', () => {
  it('handles binary, invalid UTF-8, BOM, CRLF, huge files, loops, unreadable files, bad frontmatter', async () => {
    fx = makeFixture({
      'binary.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02]),
      'latin1.md': Buffer.from('# Caf\xe9\n[[ok]]\n', 'latin1'),
      'bom.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\nsummary: has a BOM\n---\n# Bom\n')]),
      'crlf.md': '---\r\nsummary: windows\r\n---\r\n# Crlf\r\n\r\n## Second\r\n[[ok]] [[gone]]\r\n',
      'bad-yaml.md': '---\ntitle: fine\ntags: [unclosed\n---\n# Body still indexed\n[[ok]]\n',
      'ok.md': '# OK',
      'big.md': Buffer.alloc(20 * 1024 * 1024, 'a'),
    });
    fs.symlinkSync(fx.root, path.join(fx.root, 'loop'));
    fs.symlinkSync(path.join(fx.root, 'nowhere.md'), path.join(fx.root, 'dangling.md'));
    const e = fx.engine();
    const r = await e.reindex();
    const problem = (p: string) => r.problems.filter((x) => x.path === p).map((x) => `${x.severity}${x.line ? `@${x.line}` : ''}: ${x.reason}`);

    expect(problem('binary.md')).toEqual(['skipped: binary file: it has a .md name but contains NUL bytes']);
    expect(problem('big.md')[0]).toMatch(/^skipped: too large: 20\.0 MB is over the 8\.0 MB limit/);
    expect(problem('loop')[0]).toMatch(/^skipped: symlink loop/);
    expect(problem('dangling.md')[0]).toMatch(/^skipped: unreadable: no such file/);
    expect(problem('latin1.md')).toEqual(['warning: invalid UTF-8 at line 1 (byte 5): indexed with replacement characters (the file is unchanged)']);
    expect(problem('bad-yaml.md')[0]).toMatch(/^warning@4: malformed frontmatter, indexed the body only: Flow sequence/);

    const bom = await e.getPage({ key: 'bom' });
    expect([bom.summary, bom.title]).toEqual(['has a BOM', 'Bom']);
    const crlf = await e.getPage({ key: 'crlf' });
    expect(crlf.headings.map((h) => [h.text, h.line])).toEqual([
      ['Crlf', 4],
      ['Second', 6],
    ]);
    expect(crlf.links.map((l) => [l.target, l.line, l.reason])).toEqual([
      ['ok', 7, null],
      ['gone', 7, 'missing-page'],
    ]);
    const bad = await e.getPage({ key: 'bad-yaml' });
    expect(bad.headings[0]!.text).toBe('Body still indexed');
    expect(bad.frontmatterError).toMatch(/^line 4: /);
    expect((await e.getPage({ key: 'latin1' })).title).toBe('Caf\ufffd');
    expect(r).toMatchObject({ pages: 5, skipped: 4, failed: 0 });

    // The files are as the user wrote them.
    expect(fs.readFileSync(path.join(fx.root, 'latin1.md'))).toEqual(Buffer.from('# Caf\xe9\n[[ok]]\n', 'latin1'));
  });

  it('an unreadable file is reported as failed and retried next run', async (ctx) => {
    // root reads a file whatever its mode, so as root the CLI runs as the unprivileged user `nobody`
    const asNobody = process.getuid?.() === 0;
    if (asNobody && !nobodyCanRunCli()) return ctx.skip('as root this needs a checkout the user nobody can enter');
    fx = makeFixture({ 'a.md': '# A', 'locked.md': '# Locked' });
    const locked = path.join(fx.root, 'locked.md');
    fs.chmodSync(locked, 0o000);
    const run = async () => {
      if (!asNobody) return fx.engine().reindex();
      fs.chmodSync(fx.dir, 0o777);
      const out = execFileSync('setpriv', [...AS_NOBODY, process.execPath, CLI, 'index', '--json', '--db', fx.db, fx.root], {
        env: { ...process.env, CAIRN_CONFIG: path.join(fx.dir, 'none.json'), HOME: fx.dir },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString();
      return JSON.parse(out) as { failed: number; pages: number; problems: { path: string; reason: string }[] };
    };
    let r: Awaited<ReturnType<typeof run>>;
    try {
      r = await run();
    } catch (err) {
      // the CLI exits 1 when a file failed; its stdout still holds the report
      r = JSON.parse((err as { stdout: string }).stdout);
    }
    expect(r.failed).toBe(1);
    expect(r.problems.find((p) => p.path === 'locked.md')?.reason).toBe('unreadable: permission denied');
    fs.chmodSync(locked, 0o644);
    expect(await run()).toMatchObject({ failed: 0, pages: 2 });
  });

  it('a missing root is reported and the other roots still index', async () => {
    fx = makeFixture({ 'a.md': '# A' });
    const e = fx.engine({ roots: [fx.root, path.join(fx.dir, 'no-such-root')] });
    const r = await e.reindex();
    expect(r.pages).toBe(1);
    expect(r.problems.find((p) => p.path === '.')?.reason).toBe('root folder does not exist or is not a folder; its pages were left in the index as they were');
  });
});

describe('runs that look only at the paths that changed (the watcher)', () => {
  it('reads only the given paths: a changed file elsewhere waits for a full run', async () => {
    fx = makeFixture({ 'a.md': '# A\n[[b]]', 'b.md': '# B', 'sub/c.md': '# C\n[[a]]' });
    const e = fx.engine();
    await e.reindex();
    fx.write('a.md', '# A\n[[b]] [[c]]');
    fx.write('b.md', '# B changed\n[[nowhere]]');
    const only = await e.reindexPaths([path.join(fx.root, 'a.md')]);
    expect(only).toMatchObject({ indexed: 1, dangling: 0 });
    expect((await e.getPage({ key: 'b' })).title).toBe('B');
    expect(await e.reindex()).toMatchObject({ indexed: 1, dangling: 1 });
  });

  it('a deleted path or folder leaves the index; a new folder is walked; links follow', async () => {
    fx = makeFixture({ 'a.md': '# A\n[[c]] [[d]]', 'sub/c.md': '# C' });
    const e = fx.engine();
    expect(await e.reindex()).toMatchObject({ pages: 2, dangling: 1 });
    fs.rmSync(path.join(fx.root, 'sub'), { recursive: true });
    fx.write('new/deeper/d.md', '# D');
    const r = await e.reindexPaths([path.join(fx.root, 'sub'), path.join(fx.root, 'new')]);
    expect(r).toMatchObject({ pages: 2, removed: 1, indexed: 1, dangling: 1 });
    expect((await e.getPage({ key: 'a' })).links.map((l) => [l.target, l.reason])).toEqual([
      ['c', 'missing-page'],
      ['d', null],
    ]);
  });

  it('paths outside the roots are ignored; a changed .cairnignore re-walks its root', async () => {
    fx = makeFixture({ 'a.md': '# A', 'b.md': '# B' });
    const e = fx.engine();
    await e.reindex();
    expect(await e.reindexPaths(['/etc/passwd', path.join(fx.dir, 'index.db')])).toMatchObject({ indexed: 0, pages: 2 });
    fx.write('.cairnignore', 'b.md\n');
    expect(await e.reindexPaths([path.join(fx.root, '.cairnignore')])).toMatchObject({ pages: 1, removed: 1 });
  });
});

describe('relinking only what a change can affect', () => {
  it('a renamed page breaks the links to its old name and satisfies the links to its new one', async () => {
    fx = makeFixture({ 'a.md': '[[old-name]] [[new-name#Part]]', 'b.md': '[[old-name]]', 'old-name.md': '## Part' });
    const e = fx.engine();
    expect(await e.reindex()).toMatchObject({ dangling: 1 });
    fs.renameSync(path.join(fx.root, 'old-name.md'), path.join(fx.root, 'new-name.md'));
    const r = await e.reindex();
    expect(r).toMatchObject({ indexed: 1, removed: 1, dangling: 2, brokenAnchors: 0 });
    expect((await e.getPage({ key: 'new-name' })).backlinks.map((l) => l.source)).toEqual(['a.md']);
  });

  it('an attachment that appears satisfies the embeds of unchanged pages; one that goes breaks them', async () => {
    fx = makeFixture({ 'a.md': '![[diagram.png]] [see](img/photo.jpg)' });
    const e = fx.engine();
    expect(await e.reindex()).toMatchObject({ dangling: 2 });
    fx.write('assets/diagram.png', 'png');
    fx.write('img/photo.jpg', 'jpg');
    expect(await e.reindex()).toMatchObject({ indexed: 0, dangling: 0 });
    fx.remove('assets/diagram.png');
    expect(await e.reindex()).toMatchObject({ dangling: 1 });
  });

  it("a page that shadows a global one in an agent scope takes over that agent's links only", async () => {
    fx = makeFixture({ 'global/topic.md': '# Topic', 'global/g.md': '[[topic]]', 'user/scout/s.md': '[[topic]]' });
    const e = fx.engine();
    await e.reindex();
    fx.write('user/scout/topic.md', '# Scout topic');
    await e.reindex();
    const target = (key: string) =>
      e.db
        .prepare(
          `SELECT f.rel_path FROM links l JOIN pages p ON p.id = l.page_id JOIN pages t ON t.id = l.target_page_id JOIN files f ON f.id = t.file_id WHERE p.key = ?`,
        )
        .pluck()
        .get(key);
    expect([target('g'), target('s')]).toEqual(['global/topic.md', 'user/scout/topic.md']);
  });
});

describe('symlinks that lead out of a root', () => {
  it('are followed and listed in the report, every run', async () => {
    fx = makeFixture({ 'a.md': '[[linked-page]] [[single]]' });
    const outside = path.join(fx.dir, 'elsewhere');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'linked-page.md'), '# Linked');
    fs.writeFileSync(path.join(fx.dir, 'single.md'), '# Single');
    fs.symlinkSync(outside, path.join(fx.root, 'shared-notes'));
    fs.symlinkSync(path.join(fx.dir, 'single.md'), path.join(fx.root, 'single.md'));
    fs.symlinkSync(path.join(fx.root, 'a.md'), path.join(fx.root, 'inside-alias.md'));
    const e = fx.engine();
    const r = await e.reindex();
    expect(r).toMatchObject({ pages: 4, dangling: 0 });
    const warnings = r.problems.filter((p) => p.severity === 'warning').map((p) => `${p.path}: ${p.reason}`);
    expect(warnings).toEqual([
      `shared-notes: symlink to ${fs.realpathSync(outside)}, outside the root: indexed, but Cairn never writes through it`,
      `single.md: symlink to ${fs.realpathSync(path.join(fx.dir, 'single.md'))}, outside the root: indexed, but Cairn never writes through it`,
    ]);
    // a later run that looks at one path still reports them
    fx.write('a.md', '[[linked-page]]');
    expect((await e.reindexPaths([path.join(fx.root, 'a.md')])).problems.filter((p) => p.severity === 'warning')).toHaveLength(2);
  });
});

describe('what a run must relink that no file change announces (found in review)', () => {
  it("a global/ folder that appears makes user/<agent>/ pages an agent's own, and links follow", async () => {
    fx = makeFixture({ 'user/alice/x.md': '# Alice x', 'user/bob/b.md': '[[x]]' });
    const e = fx.engine();
    expect(await e.reindex()).toMatchObject({ dangling: 0 });
    fx.write('global/index.md', '# Index');
    // now alice's page is hers alone: bob's link has nothing to go to
    expect(await e.reindex()).toMatchObject({ indexed: 1, dangling: 1 });
    expect((await e.getPage({ key: 'x', agent: 'alice' })).scope).toEqual({ kind: 'user', agent: 'alice' });
    fs.rmSync(path.join(fx.root, 'global'), { recursive: true });
    expect(await e.reindex()).toMatchObject({ dangling: 0 });
    expect((await e.getPage({ key: 'x' })).scope).toEqual({ kind: 'global', agent: null });
  });

  it('a markdown link to a folder (`..`) is relinked when the page it names appears', async () => {
    fx = makeFixture({ 'a/b/c.md': '[parent](..) [here](.)' });
    const e = fx.engine();
    expect(await e.reindex()).toMatchObject({ dangling: 2 });
    fx.write('a.md', '# A');
    fx.write('a/b.md', '# B');
    expect(await e.reindex()).toMatchObject({ dangling: 0 });
  });

  it("with two roots holding one key, [[key]] goes to its own root's page, whatever the order rows were written in", async () => {
    fx = makeFixture({ 'notes.md': '# A notes', 'from-a.md': '[[notes]]' });
    const b = path.join(fx.dir, 'b');
    fs.mkdirSync(b);
    fs.writeFileSync(path.join(b, 'notes.md'), '# B notes');
    fs.writeFileSync(path.join(b, 'from-b.md'), '[[notes]]');
    const e = fx.engine({ roots: [fx.root, b] });
    await e.reindex();
    const target = (key: string) =>
      e.db.prepare(`SELECT t.title FROM links l JOIN pages p ON p.id = l.page_id JOIN pages t ON t.id = l.target_page_id WHERE p.key = ?`).pluck().get(key);
    expect([target('from-a'), target('from-b')]).toEqual(['A notes', 'B notes']);
    fx.remove('notes.md');
    await e.reindex();
    expect([target('from-a'), target('from-b')]).toEqual(['B notes', 'B notes']);
    fx.write('notes.md', '# A notes');
    await e.reindex();
    expect([target('from-a'), target('from-b')]).toEqual(['A notes', 'B notes']);
  });
});

describe("a second writer between a run's steps (found in review)", () => {
  it('a file saved again during the run is left for the next run, never written under the stat of an older version', async () => {
    fx = makeFixture({ 'p.md': '# version A' });
    const e = fx.engine();
    // the save lands after this run's walk saw the file: what it reads then is not what the walk stat'ed
    e.events.on('indexProgress', (p) => {
      if (p.phase === 'index' && p.seen === 0) {
        fx.write('p.md', '# version B, longer');
        const later = new Date(Date.now() + 5000);
        fs.utimesSync(path.join(fx.root, 'p.md'), later, later);
      }
    });
    const first = await e.reindex();
    e.events.removeAllListeners('indexProgress');
    expect(first.indexed).toBe(0);
    expect(await e.reindex()).toMatchObject({ indexed: 1 });
    expect((await e.getPage({ key: 'p' })).title).toBe('version B, longer');
  });

  it('a file that appears after the walk is not removed by that run', async () => {
    fx = makeFixture({ 'a.md': '# A', 'new.md': '# New' });
    const e = fx.engine();
    await e.reindex();
    fx.remove('new.md');
    // gone when this run walks, back (another process indexed it meanwhile) before the run removes what it did not see
    e.events.on('indexProgress', (p) => {
      if (p.phase === 'index') fx.write('new.md', '# New again');
    });
    const r = await e.reindex();
    e.events.removeAllListeners('indexProgress');
    expect(r).toMatchObject({ removed: 0, pages: 2 });
  });
});

describe('what a run broke', () => {
  it('names the links that resolved before the run and no longer do: a deleted page, a renamed heading, a removed source', async () => {
    fx = makeFixture({
      'a.md': '---\nsources: [code/tool.ts]\n---\n[[b]] [[c#Setup]] [[d]] [[never-there]]\n',
      'b.md': '# B',
      'c.md': '## Setup',
      'd.md': '# D',
      'code/tool.ts': 'export {}',
    });
    const e = fx.engine();
    expect((await e.reindex()).brokenByRun).toEqual([]);
    fx.remove('b.md');
    fx.write('c.md', '## Installation');
    fx.remove('code/tool.ts');
    fx.write('e.md', '[[also-missing]]');
    const r = await e.reindex();
    expect(r.brokenByRun.map((b) => [b.source, b.target, b.anchor, b.reason])).toEqual([
      ['a.md', 'code/tool.ts', null, 'missing-page'],
      ['a.md', 'b', null, 'missing-page'],
      ['a.md', 'c', 'Setup', 'missing-anchor'],
    ]);
    // the next run broke nothing new, though the links are still broken
    fx.write('d.md', '# D again');
    expect(await e.reindex()).toMatchObject({ brokenByRun: [], dangling: 4, brokenAnchors: 1 });
  });
});

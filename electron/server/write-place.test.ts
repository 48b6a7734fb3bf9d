// Where a write lands, as hostile and careless clients of a real `cairn serve` find it over real
// HTTP: a `path` that names another file than the key's page, a folder symlink into another
// agent's space, names some file system cannot hold, and a disk that fills mid-write.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import {
  api,
  cairnEnv,
  runCairn,
  startServe,
  waitForIdle,
  type Served,
  bearer,
  BUILDER_TOKEN as BUILDER,
  SCOUT_TOKEN as SCOUT,
  startPersonAndAgents,
  type PersonAndAgents,
} from '../engine/testing/cairn-process.ts';

let fx: Fixture;
let servers: PersonAndAgents;
let person: Served;
let agents: Served;

beforeAll(async () => {
  fx = makeFixture({
    'global/index.md': '# Index\n\nsee [a later page](scoutdir/stubbed.md)\n',
    'global/reference/chunking.md': '# Chunking\n\nsplit pages at headings\n',
    'user/scout/notes.md': '# Scout notes\n\nscout keeps these\n',
    '.cairnignore': 'private/\n',
    'private/keep.md': '# Kept out\n',
  });
  // a folder symlink inside the root: the shared space's scoutdir is scout's own folder, and pub is an ignored one
  fs.symlinkSync('../user/scout', path.join(fx.root, 'global', 'scoutdir'));
  fs.symlinkSync('../private', path.join(fx.root, 'global', 'pub'));
  servers = await startPersonAndAgents(fx.root, fx.db, fx.dir);
  ({ person, agents } = servers);
});

afterAll(async () => {
  await servers?.stop();
  fx?.cleanup();
});

const read = (rel: string) => fs.readFileSync(path.join(fx.root, rel), 'utf8');
const exists = (rel: string) => fs.existsSync(path.join(fx.root, rel));
const as = bearer;

async function put(
  server: Served,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { code?: string; error?: string; path?: string } }> {
  const res = await fetch(new URL(`api/wiki/pages/${key}`, server.url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code?: string; error?: string } };
}

/** Every file under the root whose name is Cairn's temp pattern. */
function tempFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.cairn-\d+-[0-9a-f]+\.tmp$/.test(path.basename(f)));
}

describe('a path that names another file than the key has', () => {
  it("is refused with 409 naming both paths, on writePage and the wiki route, as a person and as an agent; the key's page is untouched", async () => {
    const asked = { key: 'chunking', path: 'global/drafts/chunking.md', body: 'x\n' };
    const tries = [
      await api<{ code: string; error: string }>(person.url, 'writePage', { ...asked, actor: 'editor' }),
      await api<{ code: string; error: string }>(agents.url, 'writePage', asked, as(BUILDER)),
      await put(person, 'chunking', { path: 'global/drafts/chunking.md', body: 'x\n', actor: 'editor' }),
      await put(agents, 'chunking', { path: 'global/drafts/chunking.md', body: 'x\n' }, as(BUILDER)),
    ];
    for (const r of tries) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('conflict');
      expect(r.body.error).toContain('global/drafts/chunking.md');
      expect(r.body.error).toContain('global/reference/chunking.md');
    }
    expect(read('global/reference/chunking.md')).toBe('# Chunking\n\nsplit pages at headings\n');
    expect(exists('global/drafts')).toBe(false);
    // the page's own path, in any case and spelling, still writes it
    const same = await api<{ path: string }>(person.url, 'writePage', {
      key: 'chunking',
      path: './global/Reference/chunking.md',
      body: '# Chunking\n\nsplit at headings\n',
      actor: 'editor',
    });
    expect(same).toMatchObject({ status: 200, body: { path: 'global/reference/chunking.md' } });
    expect(read('global/reference/chunking.md')).toBe('# Chunking\n\nsplit at headings\n');
  });

  it("is no conflict when it names an agent's own page beside the shared one of that key: that page is made, then written", async () => {
    const own = { key: 'chunking', path: 'user/scout/chunking.md', body: "# Chunking\n\nscout's own take\n" };
    const made = await api<{ hashAfter: string }>(person.url, 'writePage', { ...own, actor: 'editor' });
    expect(made).toMatchObject({ status: 200, body: { path: 'user/scout/chunking.md', created: true } });
    // the agent replaces a body it has read (the write protocol): it names that version
    expect(await api(agents.url, 'writePage', { ...own, body: '# Chunking\n\nrevised\n', baseHash: made.body.hashAfter }, as(SCOUT))).toMatchObject({
      status: 200,
      body: { path: 'user/scout/chunking.md', created: false },
    });
    expect(read('user/scout/chunking.md')).toBe('# Chunking\n\nrevised\n');
    expect(read('global/reference/chunking.md')).toBe('# Chunking\n\nsplit at headings\n');
  });
});

describe('a folder symlink inside the root', () => {
  it("never carries an agent's write, fix or stub into another agent's space", async () => {
    const planted = await put(agents, 'global/scoutdir/planted', { body: '# Planted\n\nbuilder wrote this\n' }, as(BUILDER));
    expect(planted.status).toBe(403);
    expect(planted.body.error).toMatch(/user\/scout/);
    const viaApi = await api(agents.url, 'writePage', { key: 'planted', path: 'global/scoutdir/planted.md', body: '# Planted\n' }, as(BUILDER));
    expect(viaApi.status).toBe(403);
    expect(exists('user/scout/planted.md')).toBe(false);
    // scout's page is indexed at its real path only, never as the shared global/scoutdir/notes.md:
    // builder's write of that key makes a shared page of its own and leaves scout's as it was
    const over = await api(agents.url, 'writePage', { key: 'notes', body: '# Mine now\n' }, as(BUILDER));
    expect(over).toMatchObject({ status: 200, body: { path: 'global/notes.md', created: true } });
    expect(read('user/scout/notes.md')).toBe('# Scout notes\n\nscout keeps these\n');
    // a stub for a shared page's link through the symlink would land in scout's folder too
    const dangling = await api<{ findings: { sourceKey: string; line: number; target: string }[] }>(agents.url, 'links', { kind: 'dangling' }, as(BUILDER));
    const link = dangling.body.findings.find((f) => f.sourceKey === 'index')!;
    expect(link).toBeDefined();
    const stub = await api(agents.url, 'fixLink', { key: 'index', line: link.line, target: link.target, action: 'stub' }, as(BUILDER));
    expect(stub.status).toBe(403);
    expect(exists('user/scout/stubbed.md')).toBe(false);
    // nor does a person's write cross spaces through it
    expect((await api(person.url, 'writePage', { key: 'crossed', path: 'global/scoutdir/crossed.md', body: '# X\n', actor: 'editor' })).status).toBe(403);
    expect(exists('user/scout/crossed.md')).toBe(false);
  });

  it('never carries a write into a folder the ignore rules leave out', async () => {
    const r = await api<{ error: string }>(person.url, 'writePage', { key: 'leak', path: 'global/pub/leak.md', body: '# Leak\n', actor: 'editor' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/private\/leak\.md.*ignore/);
    expect(exists('private/leak.md')).toBe(false);
  });

  it('still writes through nothing when the real path is the one asked for', async () => {
    const own = await put(agents, 'user/scout/planned', { body: '# Planned\n' }, as(SCOUT));
    expect(own).toMatchObject({ status: 200, body: { path: 'user/scout/planned.md' } });
  });
});

describe('names a file system cannot hold', () => {
  it('refuses a key too long for a file name and its temp file, in bytes, with 400 naming the limit and no path', async () => {
    for (const key of ['k'.repeat(240), 'é'.repeat(120), 'k'.repeat(5000)]) {
      const r = await api<{ code: string; error: string }>(person.url, 'writePage', { key, body: '# Long\n', actor: 'editor' });
      expect(r.status, `${key.length} characters`).toBe(400);
      // the contract's own bound on a key's length (in characters) answers the longest
      if (key.length < 1000) expect(r.body.error).toMatch(/at most 221 bytes/);
      expect(r.body.error).not.toContain(fx.root);
    }
    const long = await put(person, 'k'.repeat(240), { body: '# Long\n', actor: 'editor' });
    expect(long.status).toBe(400);
    // a folder name over 255 bytes too
    const folder = await api(person.url, 'writePage', { key: 'deep', path: `global/${'d'.repeat(300)}/deep.md`, body: '# Deep\n', actor: 'editor' });
    expect(folder.status).toBe(400);
    // a long key that fits is written
    expect((await api(person.url, 'writePage', { key: 'k'.repeat(200), body: '# Long\n', actor: 'editor' })).status).toBe(200);
    expect(tempFiles(fx.root)).toEqual([]);
  });

  it('refuses Windows device names, reserved characters and a trailing dot or space, in the key and in every folder, on every platform', async () => {
    const before = fs.readdirSync(path.join(fx.root, 'global')).sort();
    for (const key of ['CON', 'nul', 'Com1', 'lpt9', 'aux.txt', 'PRN.draft', 'a:b', 'x|y?z*', 'a<b>', 'say"hi"', 'back\\slash', 'dot.', 'space ']) {
      const r = await api<{ code: string; error: string }>(person.url, 'writePage', { key, body: '# Name\n', actor: 'editor' });
      expect(r.status, JSON.stringify(key)).toBe(400);
      expect(r.body.code).toBe('bad-request');
    }
    for (const p of ['global/aux/x.md', 'global/CON.d/x.md', 'global/dir./x.md', 'global/dir /x.md', 'global/a:b/x.md', 'global/q?/x.md']) {
      const r = await api(person.url, 'writePage', { key: 'x', path: p, body: '# X\n', actor: 'editor' });
      expect(r.status, p).toBe(400);
    }
    expect((await put(person, 'nul', { body: '# Nul\n', actor: 'editor' })).status).toBe(400);
    expect((await put(agents, 'a%3Ab', { body: '# A\n' }, as(BUILDER))).status).toBe(400);
    expect(fs.readdirSync(path.join(fx.root, 'global')).sort()).toEqual(before);
    // names that merely contain a reserved word are fine
    for (const key of ['console', 'con-tent', 'com10', 'nullable']) {
      expect((await api(person.url, 'writePage', { key, body: '# Fine\n', actor: 'editor' })).status, key).toBe(200);
    }
  });
});

describe('a name in another Unicode form', () => {
  it('is the page it names (NFC or NFD é, as macOS may spell a file), read and written as that page, never a second file of the same name', async () => {
    const nfc = 'caf\u00e9';
    const nfd = 'cafe\u0301';
    expect((await api(person.url, 'writePage', { key: nfc, body: '# Café\n\nfirst\n', actor: 'editor' })).status).toBe(200);
    const again = await api<{ path: string }>(person.url, 'writePage', { key: nfd, body: '# Café\n\nsecond\n', actor: 'editor' });
    expect(again.status).toBe(200);
    const named = (dir: string, name: string) => fs.readdirSync(path.join(fx.root, dir)).filter((n) => n.normalize('NFC') === name.normalize('NFC'));
    expect(named('global', `${nfc}.md`)).toEqual([`${nfc}.md`]);
    expect(read(`global/${nfc}.md`)).toContain('second');
    // a page a Mac named in NFD: an agent asking in NFC reads it, and must name its hash to replace it
    const resume = 're\u0301sume\u0301';
    fx.write(`global/${resume}.md`, '# Resume\n\nwritten on a Mac\n');
    expect((await api(person.url, 'reindex', {})).status).toBe(200);
    const seen = await fetch(new URL(`api/wiki/pages/${encodeURIComponent(resume.normalize('NFC'))}`, agents.url), { headers: as(BUILDER) });
    expect(seen.status).toBe(200);
    const over = await put(agents, encodeURIComponent(resume.normalize('NFC')), { body: '# Resume\n\nmine\n' }, as(BUILDER));
    expect(over.status).toBe(428);
    expect(named('global', `${resume}.md`)).toEqual([`${resume}.md`]);
  });
});

describe('a key ending in .md', () => {
  it('names the page without it, as every read takes it: note.md is global/note.md, found as note and as note.md', async () => {
    const w = await api<{ path: string; key: string }>(person.url, 'writePage', { key: 'note.md', body: '# Note\n', actor: 'editor' });
    expect(w.status).toBe(200);
    expect(w.body.path).toBe('global/note.md');
    for (const key of ['note', 'note.md', 'Note.MD']) expect((await api(person.url, 'getPage', { key })).status, key).toBe(200);
    expect(exists('global/note.md.md')).toBe(false);
  });
});

describe('stale temp files', () => {
  it("the next index run removes Cairn's temp files whose writer is gone, and keeps a live writer's and anything else", async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    fx.write(`global/.chunking.md.cairn-${dead}-0badc0de.tmp`, 'half a page');
    fx.write(`global/reference/.a.md.cairn-${dead}-12345678.tmp`, 'half a page');
    fx.write(`global/.chunking.md.cairn-${process.pid}-0123abcd.tmp`, 'a live write');
    // skill decisions are written into the root's .cairn/ folder, which the walk leaves out
    fx.write(`.cairn/.skill-decisions.yaml.cairn-${dead}-feedf00d.tmp`, 'half a decision');
    fx.write('global/.notes.tmp', 'not ours');
    fx.write(`global/.chunking.md.cairn-${dead}-0badc0de.tmp.bak`, 'not ours either');
    const run = await runCairn(['index', '--db', fx.db, fx.root], cairnEnv(fx.dir));
    expect(run.code, run.err).toBe(0);
    expect(exists(`global/.chunking.md.cairn-${dead}-0badc0de.tmp`)).toBe(false);
    expect(exists(`global/reference/.a.md.cairn-${dead}-12345678.tmp`)).toBe(false);
    expect(exists(`.cairn/.skill-decisions.yaml.cairn-${dead}-feedf00d.tmp`)).toBe(false);
    expect(exists(`global/.chunking.md.cairn-${process.pid}-0123abcd.tmp`)).toBe(true);
    expect(exists('global/.notes.tmp')).toBe(true);
    expect(exists(`global/.chunking.md.cairn-${dead}-0badc0de.tmp.bak`)).toBe(true);
    fx.remove(`global/.chunking.md.cairn-${process.pid}-0123abcd.tmp`);
  });
});

/** A small tmpfs this test may mount (root, with mount(8)); false where it may not. */
function mountTmpfs(dir: string, size: string): boolean {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a full disk', () => {
  const root = process.getuid?.() === 0;
  let disk: Fixture;
  let server: Served | undefined;
  let mounted = false;
  const wiki = () => path.join(disk.dir, 'small');

  beforeAll(async () => {
    disk = makeFixture();
    mounted = mountTmpfs(wiki(), '256k');
    // root writes into any folder whatever its mode: without a tmpfs, root has no way to make a write fail here
    if (!mounted && root) return;
    fs.writeFileSync(path.join(wiki(), 'page.md'), '# Page\n\nthe first version\n');
    server = await startServe(['--no-watch', '--db', disk.db, wiki()], cairnEnv(disk.dir));
    await waitForIdle(server.url);
    if (mounted) {
      // leave about 32 KB free: the first 32 KB of a write go down, the rest does not
      const free = fs.statfsSync(wiki()).bavail * fs.statfsSync(wiki()).bsize;
      fs.writeFileSync(path.join(wiki(), 'filler.bin'), Buffer.alloc(free - 32 * 1024));
    } else fs.chmodSync(wiki(), 0o555);
  });

  afterAll(async () => {
    await server?.stop();
    if (mounted) execFileSync('umount', [wiki()]);
    else if (fs.existsSync(wiki())) fs.chmodSync(wiki(), 0o755);
    disk?.cleanup();
  });

  it('fails the write cleanly, keeps the page as it was and leaves no temp file behind (a tmpfs, else a read-only folder)', async (ctx) => {
    if (!server) return ctx.skip('running as root where mount -t tmpfs is not allowed: no write can be made to fail');
    const big = `# Page\n\n${'all work and no play '.repeat(10_000)}\n`;
    for (const body of [
      { key: 'page', body: big },
      { key: 'fresh', body: big },
    ]) {
      const r = await api<{ code: string; error: string }>(server.url, 'writePage', { ...body, actor: 'editor' });
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(tempFiles(wiki())).toEqual([]);
    }
    expect(fs.readFileSync(path.join(wiki(), 'page.md'), 'utf8')).toBe('# Page\n\nthe first version\n');
    expect(fs.existsSync(path.join(wiki(), 'fresh.md'))).toBe(false);
  });
});

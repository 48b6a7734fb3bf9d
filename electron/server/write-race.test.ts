// A write's place checked, then changed before it lands: a real `cairn serve` with agent tokens,
// another process holding the database's write lock (as a `cairn index` or another server does for
// seconds), and a folder on the page's way swapped for a symlink into another agent's space while
// the write waits. The rename must still land only where the checks said; and a `path` through a
// file is refused with a sentence, not a 500 carrying the server's absolute path.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, cairnEnv, startServe, type Served } from '../engine/testing/cairn-process.ts';

const BUILDER = 'builder-token-0123456789abcdef';

let fx: Fixture;
let server: Served;

beforeAll(async () => {
  fx = makeFixture({
    'global/index.md': '# Index\n\nthe shared pages\n',
    'global/drop/readme.md': '# Drop\n\nbuilder drops drafts here\n',
    'user/scout/notes.md': '# Scout notes\n\nscout keeps these\n',
    'global/gone.md': '# Gone\n\nan editor will delete this\n',
    // an agent curates only its own space (curator.ts): the review, archive and fix below are builder's
    'user/builder/draft.md': '# Draft\n\nan editor will delete this too\n',
    'user/builder/hub.md': '# Hub\n\nsee [[missing-one]], deleted too\n',
  });
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_TOKENS: `${BUILDER}=builder` }));
  // with tokens, even `status` needs one: wait for the first run as the agent
  for (;;) {
    const { body } = await api<{ indexing: unknown; lastRun: unknown }>(server.url, 'status', {}, { authorization: `Bearer ${BUILDER}` });
    if (!body.indexing && body.lastRun) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  await server?.stop();
  fx?.cleanup();
});

async function put(
  key: string,
  body: unknown,
): Promise<{ status: number; body: { code?: string; error?: string; path?: string; currentHash?: string | null } }> {
  const res = await fetch(new URL(`api/wiki/pages/${key}`, server.url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BUILDER}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code?: string; error?: string } };
}

/** Another process holding the index's write lock until `release()`. */
async function holdWriteLock(db: string): Promise<{ release(): Promise<void> }> {
  const script = `const D = require('better-sqlite3'); const db = new D(process.argv[1], { nativeBinding: process.env.CAIRN_SQLITE_BINDING }); db.exec('BEGIN IMMEDIATE'); process.stdout.write('locked\\n'); process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;
  const proc: ChildProcess = spawn(process.execPath, ['-e', script, db], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  process.once('exit', () => proc.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.once('data', () => resolve());
    proc.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  const exited = new Promise((r) => proc.once('exit', r));
  return {
    async release() {
      proc.stdin!.write('go\n');
      await exited;
    },
  };
}

describe('a folder swapped for a symlink while a write waits for the lock', () => {
  it("never lands the write in another agent's space", async () => {
    const lock = await holdWriteLock(fx.db);
    // global/drop/new/ does not exist yet: the server makes it once its checks have passed
    const writing = put('planted', { path: 'global/drop/new/planted.md', body: '# Planted\n\nbuilder wrote this\n' });
    const made = path.join(fx.root, 'global/drop/new');
    let answered = false;
    void writing.finally(() => (answered = true));
    while (!fs.existsSync(made) && !answered) await new Promise((r) => setTimeout(r, 10));
    expect(answered, JSON.stringify(answered && (await writing))).toBe(false);
    // checked and waiting on the lock (its bytes already flushed to a temp file in the folder):
    // now the folder is moved away and its name becomes a way into scout's space
    fs.renameSync(made, `${made}-moved`);
    fs.symlinkSync('../../user/scout', made);
    await lock.release();
    const answer = await writing;
    expect(fs.existsSync(path.join(fx.root, 'user/scout/planted.md'))).toBe(false);
    expect(fs.readdirSync(path.join(fx.root, 'user/scout')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/user\/scout/);
    expect(answer.body.error).not.toContain(fx.root);
  });
});

describe('a path through a file', () => {
  it('is refused with 400 naming the file on the way, and nothing is written', async () => {
    const r = await put('inner', { path: 'global/drop/readme.md/inner.md', body: '# Inner\n' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('bad-request');
    expect(r.body.error).toMatch(/global\/drop\/readme\.md/);
    expect(r.body.error).not.toContain(fx.root);
    expect(fs.readFileSync(path.join(fx.root, 'global/drop/readme.md'), 'utf8')).toBe('# Drop\n\nbuilder drops drafts here\n');
  });
});

describe('a page deleted on disk before the index saw it go', () => {
  it('is a conflict with no current version for a write, review or archive (not 500 with the path); baseHash null makes it again', async () => {
    const file = path.join(fx.root, 'global/gone.md');
    fs.rmSync(file);
    for (const body of [{ body: '# Gone\n\nrewritten\n' }, { frontmatter: { title: 'Gone' } }]) {
      const r = await put('gone', body);
      expect(r.status, JSON.stringify(body)).toBe(409);
      expect(r.body).toMatchObject({ code: 'conflict', currentHash: null });
      expect(r.body.error).not.toContain(fx.root);
    }
    fs.rmSync(path.join(fx.root, 'user/builder/draft.md'));
    for (const method of ['reviewPage', 'archivePage']) {
      expect((await api(server.url, method, { key: 'draft', agent: 'builder' }, { authorization: `Bearer ${BUILDER}` })).status, method).toBe(409);
    }
    // a fix of a link on a deleted page: nothing to fix in, said as a conflict
    fs.rmSync(path.join(fx.root, 'user/builder/hub.md'));
    for (const action of ['remove', 'retarget']) {
      const fix = await api<{ code: string; error: string }>(
        server.url,
        'fixLink',
        { key: 'hub', agent: 'builder', line: 3, target: 'missing-one', action, to: 'index' },
        { authorization: `Bearer ${BUILDER}` },
      );
      expect(fix.status, action).toBe(409);
      expect(fix.body.error).not.toContain(fx.root);
    }
    expect(fs.existsSync(file)).toBe(false);
    const again = await put('gone', { body: '# Gone\n\nback\n', baseHash: null });
    expect(again.status).toBe(200);
    expect(fs.readFileSync(file, 'utf8')).toBe('# Gone\n\nback\n');
  });
});

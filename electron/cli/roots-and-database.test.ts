// What `cairn index` may remove, and what Cairn says about a database it cannot use as it is:
// the real command on real folders and real (sometimes broken) SQLite files.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { garble } from '../engine/testing/garble.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { AS_NOBODY, cairnEnv, CLI, nobodyCanRunCli, runCairn } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const json = <T>(out: string) => JSON.parse(out) as T;

function twoRoots(): { a: string; b: string } {
  fx = makeFixture({ 'a.md': '# A\n[[b-page]]' });
  const b = path.join(fx.dir, 'other');
  fs.mkdirSync(b);
  fs.writeFileSync(path.join(b, 'b-page.md'), '# B\n[[a]]');
  return { a: fx.root, b };
}

describe('cairn index and the roots already in the index', () => {
  it('re-indexing one root leaves the other roots alone; --forget drops one', async () => {
    const { a, b } = twoRoots();
    const env = cairnEnv(fx.dir);
    expect(json<{ pages: number; dangling: number }>((await runCairn(['index', '--json', '--db', fx.db, a, b], env)).out)).toMatchObject({
      pages: 2,
      dangling: 0,
    });
    expect(json<{ pages: number; removed: number }>((await runCairn(['index', '--json', '--db', fx.db, a], env)).out)).toMatchObject({ pages: 2, removed: 0 });

    const forgot = await runCairn(['index', '--forget', b, '--db', fx.db], env);
    expect(forgot).toMatchObject({ code: 0, out: '1 files left the index; the folders themselves were not touched\n' });
    expect(fs.existsSync(path.join(b, 'b-page.md'))).toBe(true);
    const links = json<{ target: string; reason: string }[]>((await runCairn(['links', '--dangling', '--json', '--db', fx.db], env)).out);
    expect(links).toEqual([expect.objectContaining({ target: 'b-page', reason: 'missing-page' })]);
    expect(await runCairn(['index', '--forget', b, '--db', fx.db], env)).toMatchObject({ code: 2, err: expect.stringMatching(/is not a root of this index/) });
  });

  it('a root that does not exist (a typo) is an error, and the index keeps every page', async () => {
    const { a, b } = twoRoots();
    const env = cairnEnv(fx.dir);
    await runCairn(['index', '--db', fx.db, a, b], env);
    const typo = await runCairn(['index', '--json', '--db', fx.db, path.join(fx.dir, 'nonexistent')], env);
    expect(typo.code).toBe(1);
    expect(json<{ pages: number; problems: { reason: string }[] }>(typo.out)).toMatchObject({
      pages: 2,
      problems: [expect.objectContaining({ reason: expect.stringMatching(/^root folder does not exist or is not a folder/) })],
    });
    expect(json<unknown[]>((await runCairn(['links', '--dangling', '--json', '--db', fx.db], env)).out)).toEqual([]);
  });
});

describe('a database Cairn cannot use as it is', () => {
  it('one that is not SQLite: the error names the file, says that deleting it rebuilds the index and what deleting removes', async () => {
    fx = makeFixture({ 'a.md': '# A' });
    fs.writeFileSync(fx.db, 'these are my notes, not a database\n'.repeat(200));
    const r = await runCairn(['search', 'a', '--db', fx.db], cairnEnv(fx.dir));
    expect(r.code).toBe(1);
    expect(r.err).toContain(`the index database ${fx.db} is damaged or not a Cairn index`);
    expect(r.err).toMatch(/delete it .* and Cairn rebuilds it/);
    // what deleting removes, and what it must not: the history file beside it (history-kept.test.ts)
    expect(r.err).toMatch(/deleting it removes only what Cairn rebuilds from your pages/);
    expect(r.err).toContain(
      `the audit log (and so undo), the queries agents asked and their outcomes are in ${fx.db.replace(/\.db$/, '.history.db')}: keep that file`,
    );
    expect(fs.readFileSync(fx.db, 'utf8')).toMatch(/^these are my notes/);
  });

  it('a garbled one: search fails and says so, instead of answering "no page matches"', async () => {
    fx = makeFixture(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}.md`, `# Page ${i}\n${'fusion weights lexical lane '.repeat(200)}\n`])));
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    garble(fx.db, 'chunks_fts_data');
    const r = await runCairn(['search', 'fusion', '--mode', 'lexical', '--db', fx.db], env);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`the index database ${fx.db} is damaged`);
  });

  it('a garbled one: forgetting a root says the index is damaged and what to do, not a bare SQLite error', async () => {
    const { a, b } = twoRoots();
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, a, b], env)).code).toBe(0);
    garble(fx.db, 'links');
    const r = await runCairn(['index', '--forget', b, '--db', fx.db], env);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`the index database ${fx.db} is damaged`);
  });

  it('a read-only one can still be searched; indexing says why it cannot run', async (ctx) => {
    // the check needs another user than the database's owner: root runs the CLI as `nobody`
    if (!nobodyCanRunCli()) return ctx.skip('needs root, and a checkout the user nobody can enter');
    fx = makeFixture({ 'a.md': '# Alpha\nfusion weights', 'b.md': '# Beta\n[[a]]' });
    expect((await runCairn(['index', '--db', fx.db, fx.root], cairnEnv(fx.dir))).code).toBe(0);
    // the file is root's; its folder lets anyone create files (SQLite's -shm beside the database)
    fs.chmodSync(fx.dir, 0o777);
    fs.chmodSync(fx.db, 0o644);
    const asNobody = (args: string[]) => {
      try {
        return {
          code: 0,
          out: execFileSync('setpriv', [...AS_NOBODY, process.execPath, CLI, ...args, '--db', fx.db], {
            env: cairnEnv(fx.dir, { HOME: fx.dir }),
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
          err: '',
        };
      } catch (err) {
        const e = err as { status: number; stdout: string; stderr: string };
        return { code: e.status, out: e.stdout, err: e.stderr };
      }
    };
    const found = asNobody(['search', 'fusion', '--json']);
    expect(found.code, found.err).toBe(0);
    expect(json<{ results: { key: string }[] }>(found.out).results[0]?.key).toBe('a');
    expect(asNobody(['links', '--dangling', '--json']).code).toBe(0);
    const index = asNobody(['index', fx.root]);
    expect(index.code).toBe(1);
    expect(index.err).toMatch(/is read-only: search, links and pages work, but indexing needs write access/);
    fs.rmSync(`${fx.db}-shm`, { force: true });
    fs.rmSync(`${fx.db}-wal`, { force: true });
    fs.chmodSync(fx.dir, 0o755);
    expect(asNobody(['search', 'fusion'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/its folder is read-only, and SQLite must create index\.db-shm beside it/),
    });
  });
});

describe('a database location that is a URL, not a file path', () => {
  // Before, `--db postgres://host/db` made a folder `postgres:` in the working directory and an SQLite file in it.
  // cairnEnv drops CAIRN_DB, so a test's own value goes on after it
  const run = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [CLI, ...args], { cwd: fx.dir, env: { ...cairnEnv(fx.dir), ...extra }, encoding: 'utf8' });
  const leftovers = () => fs.readdirSync(fx.dir).filter((n) => n.includes(':'));

  it('a postgres:// URL on --db, or postgresql:// in CAIRN_DB, is the PostgreSQL store: a server that is not there is named (without the password), and nothing is on disk', () => {
    fx = makeFixture({ 'a.md': '# A' });
    // port 1: nothing listens there, so the connection is refused at once
    const cli = run(['index', '--db', 'postgres://cairn:secret@127.0.0.1:1/cairn', fx.root]);
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toMatch(
      /PostgreSQL index postgres:\/\/cairn:\*\*\*@127\.0\.0\.1:1\/cairn cannot be reached|cannot open the PostgreSQL index postgres:\/\/cairn:\*\*\*@127\.0\.0\.1:1\/cairn/,
    );
    expect(cli.stderr).not.toContain('secret');

    const env = run(['index', fx.root], { CAIRN_DB: 'postgresql://u@127.0.0.1:1/cairn' });
    expect(env.status).not.toBe(0);
    expect(env.stderr).toMatch(/PostgreSQL index postgresql:\/\/u@127\.0\.0\.1:1\/cairn/);

    const config = path.join(fx.dir, 'config.json');
    fs.writeFileSync(config, JSON.stringify({ db: 'postgres:cairn' }));
    const fromConfig = run(['index', fx.root], { CAIRN_CONFIG: config });
    expect(fromConfig.status).not.toBe(0);
    expect(fromConfig.stderr).toMatch(
      /"db" in the config file .*postgres:cairn, which is neither form.*a file path \(SQLite\) or a postgres:\/\/.* URL \(PostgreSQL\)/s,
    );

    expect(leftovers()).toEqual([]);
    expect(fs.existsSync(fx.db)).toBe(false);
  });

  it('any other URL (mysql://x): an error naming both forms, and nothing on disk; a path with a colon later on stays a file path', () => {
    fx = makeFixture({ 'a.md': '# A' });
    const r = run(['index', '--db', 'mysql://x', fx.root]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/--db .*mysql:\/\/x.*a file path \(SQLite\) or a postgres:\/\/.* URL \(PostgreSQL\)/s);
    expect(leftovers()).toEqual([]);

    const colon = run(['index', '--db', 'sub/at 10:30.db', fx.root]);
    expect(colon.status).toBe(0);
    expect(fs.existsSync(path.join(fx.dir, 'sub', 'at 10:30.db'))).toBe(true);
  });
});

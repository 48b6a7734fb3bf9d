// cairn fix / cairn undo: the real command on a throwaway wiki.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe('cairn fix and cairn undo', () => {
  it('suggest, preview, apply and undo a retarget; stub a missing page', async () => {
    fx = makeFixture({ 'index.md': '# Index\nSee [[fusoin]] and [[ghost-page]].\n', 'fusion.md': '# Fusion\n' });
    const env = cairnEnv(fx.dir);
    const cairn = (...args: string[]) => runCairn([...args, '--db', fx.db], env);
    const read = () => fs.readFileSync(path.join(fx.root, 'index.md'), 'utf8');
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    expect(await cairn('fix', 'retarget', 'index:2', 'fusoin')).toMatchObject({ code: 2, err: expect.stringMatching(/say which page with --to KEY; pages like "fusoin":\n  fusion\tfusion.md/) });
    expect(await cairn('fix', 'retarget', 'index:2', 'fusoin', '--to', 'fusion', '--dry-run')).toMatchObject({ code: 0, out: 'index.md\n  2 - See [[fusoin]] and [[ghost-page]].\n  2 + See [[fusion]] and [[ghost-page]].\ndry run: nothing written\n' });
    expect(read()).toBe('# Index\nSee [[fusoin]] and [[ghost-page]].\n');
    const applied = await cairn('fix', 'retarget', 'index.md:2', 'fusoin', '--to', 'fusion', '--actor', 'alice');
    const id = /undo with: cairn undo (\d+)/.exec(applied.out)?.[1];
    expect(id).toBeDefined();
    expect(read()).toBe('# Index\nSee [[fusion]] and [[ghost-page]].\n');
    expect(await cairn('undo', id!, '--actor', 'alice')).toMatchObject({ code: 0, out: expect.stringMatching(/^restored index\.md/) });
    expect(read()).toBe('# Index\nSee [[fusoin]] and [[ghost-page]].\n');
    expect(await cairn('fix', 'stub', 'index:2', 'ghost-page')).toMatchObject({ code: 0 });
    expect(fs.existsSync(path.join(fx.root, 'ghost-page.md'))).toBe(true);
    expect((await cairn('links', '--dangling')).out).not.toContain('ghost-page');
    expect(await cairn('fix', 'mend', 'index:2', 'x')).toMatchObject({ code: 2, err: expect.stringMatching(/usage: cairn fix retarget\|remove\|stub/) });
    expect(await cairn('fix', 'remove', 'index', 'fusoin')).toMatchObject({ code: 2, err: expect.stringMatching(/PAGE:LINE/) });
  });
});

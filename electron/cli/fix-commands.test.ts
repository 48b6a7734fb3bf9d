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
    expect(await cairn('fix', 'retarget', 'index:2', 'fusoin')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/say which page with --to KEY; pages like "fusoin":\n  fusion\tfusion.md/),
    });
    expect(await cairn('fix', 'retarget', 'index:2', 'fusoin', '--to', 'fusion', '--dry-run')).toMatchObject({
      code: 0,
      out: 'index.md\n  2 - See [[fusoin]] and [[ghost-page]].\n  2 + See [[fusion]] and [[ghost-page]].\ndry run: nothing written\n',
    });
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

describe('cairn fix leaves code alone', () => {
  // a link written in a code span is text (Cairn does not index it), so a fix must not touch it
  const LINE = '`[[Example|Custom name]]` appears as [[Example|Custom name]]';
  const setup = async () => {
    fx = makeFixture({ 'guide.md': `# Guide\n${LINE}\n\n\`\`\`\n[[Example]]\n\`\`\`\n`, 'example-page.md': '# Example page\n' });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    return (...args: string[]) => runCairn([...args, '--db', fx.db], env);
  };
  const read = () => fs.readFileSync(path.join(fx.root, 'guide.md'), 'utf8');

  it('reports the link with its column and removes only that link', async () => {
    const cairn = await setup();
    const dangling = JSON.parse((await cairn('links', '--dangling', '--json')).out) as { line: number; column: number; target: string }[];
    expect(dangling).toEqual([expect.objectContaining({ line: 2, column: 38, target: 'Example' })]);
    const after = '`[[Example|Custom name]]` appears as Custom name';
    expect(await cairn('fix', 'remove', 'guide:2', 'Example', '--dry-run')).toMatchObject({
      code: 0,
      out: `guide.md\n  2 - ${LINE}\n  2 + ${after}\ndry run: nothing written\n`,
    });
    expect(read()).toContain(LINE);
    expect(await cairn('fix', 'remove', 'guide:2:38', 'Example')).toMatchObject({ code: 0 });
    expect(read()).toBe(`# Guide\n${after}\n\n\`\`\`\n[[Example]]\n\`\`\`\n`);
  });

  it('retargets only the link outside the code span', async () => {
    const cairn = await setup();
    const after = '`[[Example|Custom name]]` appears as [[example-page|Custom name]]';
    expect(await cairn('fix', 'retarget', 'guide:2', 'Example', '--to', 'example-page', '--dry-run')).toMatchObject({
      code: 0,
      out: `guide.md\n  2 - ${LINE}\n  2 + ${after}\ndry run: nothing written\n`,
    });
    // the text in the code span, named by its column, is no link to fix
    expect(await cairn('fix', 'retarget', 'guide:2:2', 'Example', '--to', 'example-page')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/guide\.md has no link to "Example" on line 2, column 2/),
    });
    expect(read()).toContain(LINE);
    expect(await cairn('fix', 'retarget', 'guide:2:38', 'Example', '--to', 'example-page')).toMatchObject({ code: 0 });
    expect(read()).toBe(`# Guide\n${after}\n\n\`\`\`\n[[Example]]\n\`\`\`\n`);
  });
});

// `cairn search --tag` over the real command: a page tagged only by an inline `#tag` in its body is
// found by the tag, and by its parent tag (Obsidian's tag search finds nested tags under a parent).
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const keys = (out: string) => (JSON.parse(out) as { results: { key: string }[] }).results.map((r) => r.key);

describe('cairn search --tag', () => {
  it('finds a page tagged only inline, by its tag and by the parent tag', async () => {
    fx = makeFixture({
      'launch.md': '# Launch\n\nThe launch plan for #project/alpha is due.\n',
      'other.md': '# Other\n\nAnother launch plan, with `#project/alpha` only in code.\n',
    });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    const search = (tag: string) => runCairn(['search', 'launch plan', '--mode', 'lexical', '--tag', tag, '--json', '--db', fx.db], env);
    expect(keys((await search('project/alpha')).out)).toEqual(['launch']);
    expect(keys((await search('#Project')).out)).toEqual(['launch']);
    expect(keys((await search('project/al')).out)).toEqual([]);
  });
});

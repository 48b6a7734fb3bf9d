// `cairn page Folder/Name`: of two pages with one name, the one at that path, as the real command prints it.
import { afterEach, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

it('cairn page takes a path in the root as well as a key', async () => {
  fx = makeFixture({ 'Plugins/Templates.md': '# Templates\n\nThe core plugin.\n', 'Obsidian Web Clipper/Templates.md': '# Templates\n\nClipper templates.\n' });
  const env = cairnEnv(fx.dir);
  const cairn = (...args: string[]) => runCairn([...args, '--db', fx.db], env);
  expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);

  const byPath = await cairn('page', 'Obsidian Web Clipper/Templates', '--json');
  expect(byPath.code, byPath.err).toBe(0);
  expect(JSON.parse(byPath.out)).toMatchObject({ root: fx.root, path: 'Obsidian Web Clipper/Templates.md', sameName: [{ path: 'Plugins/Templates.md' }] });
  expect(JSON.parse((await cairn('page', 'Obsidian Web Clipper/Templates.md', '--root', fx.root, '--json')).out).path).toBe(
    'Obsidian Web Clipper/Templates.md',
  );
  expect(JSON.parse((await cairn('page', 'Templates', '--json')).out).path).toBe('Plugins/Templates.md');
  expect(await cairn('page', 'Elsewhere/Templates')).toMatchObject({ code: 2, err: expect.stringMatching(/no page at Elsewhere\/Templates\.md/) });
});

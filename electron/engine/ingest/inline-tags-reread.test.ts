// An index made before inline `#tags` were tags learns them on its next run, without a change to
// the files: schema step 20 sends the pages whose body has a `#` to be parsed again.
import { afterEach, describe, expect, it } from 'vitest';
import { openBareConnection } from '../store/sqlite/database.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe('an index from before inline tags', () => {
  it('finds the inline tags of unchanged files on its next run', async () => {
    fx = await makeStoreFixture('sqlite', {
      'launch.md': '---\ntags: [plan]\n---\n# Launch\n\nThe plan for #project/alpha.\n',
      'plain.md': '# Plain\n\nNo tags here.\n',
    });
    await fx.engine().reindex();
    // as the parser before inline tags left it: frontmatter tags only, schema 19
    const db = openBareConnection(fx.db);
    db.exec(`UPDATE pages SET tags = '["plan"]' WHERE key = 'launch'; PRAGMA user_version = 19`);
    db.close();
    const e = fx.engine();
    expect((await e.getPage({ key: 'launch' })).tags).toEqual(['plan']);
    const run = await e.reindex();
    expect((await e.getPage({ key: 'launch' })).tags).toEqual(['plan', 'project/alpha']);
    expect(run).toMatchObject({ indexed: 1 });
  });
});

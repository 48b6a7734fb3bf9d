// The attachments written once find a file by its path's end where JavaScript and SQL count text
// differently: a name with a character outside the Basic Multilingual Plane (two UTF-16 units,
// one character to SQLite and PostgreSQL).
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, storeKinds } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';

describe.each(storeKinds())('the attachments on %s', (kind) => {
  let fx: Fixture;
  afterEach(() => fx.cleanup());

  it('finds an attachment by a path suffix that has an emoji', async () => {
    fx = makeFixture(
      { 'global/readme.md': '# Shared\n', 'global/img/🦊.png': 'png', 'global/img/x🦊.png': 'png' },
      { db: kind === 'postgres' ? await freshPgDatabase() : undefined },
    );
    const engine = fx.engine();
    await engine.reindex();
    expect((await engine.store.attachments.byPathSuffix('🦊.png')).map((f) => f.relLower)).toEqual(['global/img/🦊.png']);
    expect((await engine.store.attachments.byPathSuffix('img/x🦊.png')).map((f) => f.relLower)).toEqual(['global/img/x🦊.png']);
  });
});

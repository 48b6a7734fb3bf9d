// The registry written once answers alike on both stores where JavaScript and SQL count text
// differently: an agent named with a character outside the Basic Multilingual Plane (two UTF-16
// units, one character to SQLite and PostgreSQL) still has its space found.
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, storeKinds } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';

describe.each(storeKinds())('the registry on %s', (kind) => {
  let fx: Fixture;
  afterEach(() => fx.cleanup());

  it('finds the root of an agent whose name has an emoji', async () => {
    fx = makeFixture(
      { 'global/readme.md': '# Shared\n', 'user/🦊fox/notes.md': '# Fox notes\n', 'user/fo/notes.md': '# Fo notes\n' },
      { db: kind === 'postgres' ? await freshPgDatabase() : undefined },
    );
    const engine = fx.engine();
    await engine.reindex();
    expect(await engine.store.registry.agentRoot('🦊fox')).toBe(fx.root);
    expect(await engine.store.registry.agentRoot('🦊f')).toBeNull();
    expect((await engine.store.registry.agentSpaces()).map((s) => s.id)).toEqual(['fo', '🦊fox']);
  });
});

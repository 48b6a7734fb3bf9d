// The runs written once keep a root's folder problems however many the walk found: one insert
// of them all would bind more values than either database takes in a statement.
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, storeKinds } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';

describe.each(storeKinds())('the runs on %s', (kind) => {
  let fx: Fixture;
  afterEach(() => fx.cleanup());

  it('keeps twenty thousand folder problems of a root', async () => {
    fx = makeFixture({ 'global/readme.md': '# Shared\n' }, { db: kind === 'postgres' ? await freshPgDatabase() : undefined });
    const engine = fx.engine();
    await engine.reindex();
    const problems = Array.from({ length: 20_000 }, (_, i) => ({
      relPath: `global/d${String(i).padStart(5, '0')}`,
      severity: 'skipped' as const,
      reason: 'unreadable',
    }));
    await engine.store.write(async (tx) => {
      const root = await tx.runs.root(fx.root);
      await tx.runs.replaceWalkProblems(root!.id, problems);
    });
    const kept = await engine.store.runs.walkProblems([fx.root]);
    expect(kept.length).toBe(20_000);
    expect(kept[0]!.path).toBe('global/d00000');
  });
});

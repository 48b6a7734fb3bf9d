// Writes that arrive while a run is under way are indexed together in the next run (engine.ts
// schedule): fewer runs than writes, and still each write answered only once its page is in the
// index, and each page in it as written.
import { afterEach, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

it('eight writers at once share runs, and each is answered only once its own page is indexed as written', async () => {
  fx = makeFixture({ 'home.md': '# Home\n\nWelcome.\n' });
  const e = fx.engine();
  await e.reindex();
  const runsBefore = e.db.prepare(`SELECT count(*) FROM runs`).pluck().get() as number;
  const writers = Array.from({ length: 8 }, (_, w) => w);
  const PER_WRITER = 4;
  const seen: string[] = [];
  await Promise.all(
    writers.map(async (w) => {
      for (let i = 0; i < PER_WRITER; i++) {
        const key = `batch-w${w}-${i}`;
        const written = await e.writePage({ key, body: `# Batch ${w}.${i}\n\nmarker${w}x${i}zq\n`, actor: `writer${w}` });
        expect(written.notice).toBeUndefined();
        // read at once, before any other write of this writer: the acknowledged page is indexed
        const page = await e.getPage({ key });
        expect(page.body).toContain(`marker${w}x${i}zq`);
        expect(page.hash).toBe(written.hashAfter);
        seen.push(key);
      }
    }),
  );
  expect(seen).toHaveLength(writers.length * PER_WRITER);
  const runs = (e.db.prepare(`SELECT count(*) FROM runs`).pluck().get() as number) - runsBefore;
  expect(runs).toBeGreaterThan(0);
  expect(runs).toBeLessThan(writers.length * PER_WRITER);
  expect(e.db.prepare(`SELECT count(*) FROM runs WHERE state != 'done'`).pluck().get()).toBe(0);
});

// Parsing on the worker thread (runs of PARALLEL_FROM files or more) must give the index that
// parsing inline gives: the same wiki indexed in one big run and in small runs is compared row
// for row. Also: files the worker finds gone, binary or too large are reported as inline.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { pictureOf } from '../testing/real-wiki.ts';
import { readFile } from './file-work.ts';
import { PARALLEL_FROM, ParsePool } from './parse-pool.ts';

let fixtures: Fixture[] = [];
afterEach(() => {
  for (const f of fixtures) f.cleanup();
  fixtures = [];
});

function page(i: number): string {
  return `---\ntags: [t${i % 7}]\nrefs: [p${(i + 1) % 500}]\n---\n# Page ${i}\n\nSee [[p${(i * 13) % 520}]] and [the next](p${i + 1}.md#page-${i + 1}).\n\n## Part\n\nText ${i} ^b${i}\n`;
}

describe('the parse worker', () => {
  it('runs on a real worker thread and answers what readFile answers inline', async () => {
    const fx = makeFixture({ 'a.md': page(1), 'b.md': Buffer.from([0x23, 0, 1]), 'c.png': 'x' });
    fixtures.push(fx);
    const jobs = ['a.md', 'b.md', 'c.png', 'gone.md'].map((relPath) => ({
      absPath: path.join(fx.root, relPath),
      realPath: path.join(fs.realpathSync(fx.root), relPath),
      relPath,
      size: 100,
      storedHash: null,
    }));
    const pool = ParsePool.start();
    expect(pool).not.toBeNull();
    try {
      const outcomes = await pool!.parse(jobs, 10_000);
      expect(outcomes).toEqual(jobs.map((j) => readFile(j, 10_000, null)));
      expect(outcomes.map((o) => o.kind)).toEqual(['page', 'skipped', 'attachment', 'gone']);
    } finally {
      await pool!.close();
    }
  });

  it('indexes a big run exactly as small inline runs do', async () => {
    const n = PARALLEL_FROM + 100;
    const files = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}.md`, page(i)]));
    const big = makeFixture({ ...files, 'bin.md': Buffer.from([0x23, 0, 1]), 'img.png': 'png' });
    const small = makeFixture();
    fixtures.push(big, small);
    const bigRun = await big.engine({ maxFileBytes: 10_000 }).reindex();
    expect(bigRun).toMatchObject({ pages: n, indexed: n, skipped: 1, failed: 0 });
    expect(bigRun.problems.map((p) => `${p.path}: ${p.reason}`)).toContain('bin.md: binary file: it has a .md name but contains NUL bytes');
    // the same files in runs below the threshold, parsed inline
    const e = small.engine({ maxFileBytes: 10_000 });
    const names = Object.keys(files);
    for (let i = 0; i < names.length; i += PARALLEL_FROM / 2) {
      for (const name of names.slice(i, i + PARALLEL_FROM / 2)) small.write(name, files[name]!);
      expect((await e.reindex()).indexed).toBeLessThan(PARALLEL_FROM);
    }
    small.write('bin.md', Buffer.from([0x23, 0, 1]));
    small.write('img.png', 'png');
    await e.reindex();
    const strip = (rows: string[], root: string) => rows.map((r) => r.replaceAll(root, 'ROOT'));
    const a = pictureOf(big.db);
    const b = pictureOf(small.db);
    expect(strip(a.pages, big.root)).toEqual(strip(b.pages, small.root));
    expect(strip(a.links, big.root)).toEqual(strip(b.links, small.root));
    expect(fs.existsSync(path.join(big.root, 'p0.md'))).toBe(true);
  });
});

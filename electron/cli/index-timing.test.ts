// The time an indexing run reports (issue 32, finding 5): the whole run, from its start to its
// pages being searchable with their vectors, the model's loading and embedding included, and what
// each phase took; `cairn index` and `cairn serve` print it. It said "indexed 173 pages in 1.07 s"
// for a run that took 9 s with its model. No clock is asserted: only that the parts add up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IndexReport } from '../../shared/indexing.ts';
import { cairnEnv, runCairn, startServe, waitForIdle } from '../engine/testing/cairn-process.ts';
import { writeTinyHubModel } from '../engine/testing/tiny-model.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-index-timing-'));
const wiki = path.join(dir, 'wiki');
const model = path.join(dir, 'model');
fs.mkdirSync(wiki);
fs.writeFileSync(path.join(wiki, 'pets.md'), '# Pets\n\nThe cat and the dog by the [[Sky]].\n');
fs.writeFileSync(path.join(wiki, 'sky.md'), '# Sky\n\nA bird in a cloud above the tree.\n');
writeTinyHubModel(model);
const env = cairnEnv(dir, { CAIRN_MODEL: model });

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The phases a first run over a model goes through, in order. */
const PHASES = ['scan', 'index', 'link', 'derive', 'model', 'embed'];

describe('the time an indexing run reports', () => {
  it('covers the whole run, the model included, phase by phase', async () => {
    const r = await runCairn(['index', '--json', '--db', path.join(dir, 'index.db'), wiki], env);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as IndexReport;
    expect(report.embedded).toBeGreaterThan(0);
    expect(report.phases.map((p) => p.phase)).toEqual(PHASES);
    const summed = report.phases.reduce((sum, p) => sum + p.ms, 0);
    // the phases follow one another: together they are the whole run (each rounded to a millisecond)
    expect(Math.abs(summed - report.totalMs)).toBeLessThanOrEqual(PHASES.length);
    // the whole is more than the pages' part and the semantic part each
    expect(report.totalMs).toBeGreaterThanOrEqual(report.ms);
    expect(report.totalMs).toBeGreaterThanOrEqual(report.semanticMs);
  });

  it('is the time `cairn index` and `cairn serve` print, with each phase', async () => {
    const indexed = await runCairn(['index', '--db', path.join(dir, 'text.db'), wiki], env);
    expect(indexed.code, indexed.err).toBe(0);
    expect(indexed.out).toMatch(
      /^indexed 2 pages in \d+\.\d\d s: scan [\d.]+ s, index [\d.]+ s, link [\d.]+ s, derive [\d.]+ s, model [\d.]+ s, embed [\d.]+ s$/m,
    );

    const served = await startServe(['--no-watch', '--db', path.join(dir, 'served.db'), wiki], env);
    try {
      await waitForIdle(served.url);
      // told once the run's report is read, just after the run is recorded as done
      await expect
        .poll(() => served.stderr())
        .toMatch(/indexed 2 pages \(2 read, 0 unchanged\) in \d+\.\d\d s: scan [\d.]+ s, .*model [\d.]+ s, embed [\d.]+ s/);
    } finally {
      await served.stop();
    }
  });
});

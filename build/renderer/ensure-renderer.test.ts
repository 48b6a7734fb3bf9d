// The UI build a fresh install gets from `cairn serve` or `npm start`: two processes starting at once
// both end with one complete build in place and no half-built folder left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureRenderer } from './ensure-renderer.mjs';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ensureRenderer', () => {
  it('builds a missing UI once even when two callers race, then leaves it alone', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-ui-'));
    const outDir = path.join(dir, 'dist', 'renderer');
    const logs: string[] = [];
    const [a, b] = await Promise.all([ensureRenderer({ outDir, log: (l) => logs.push(l) }), ensureRenderer({ outDir })]);
    expect(a).toEqual({ ok: true, built: true });
    expect(b).toEqual({ ok: true, built: true });
    expect(logs[0]).toMatch(/^building the UI into .*renderer \(once/);
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" crossorigin src="\.\/assets\/index-[\w-]+\.js">/);
    expect(fs.readdirSync(path.join(dir, 'dist'))).toEqual(['renderer']);
    expect(await ensureRenderer({ outDir })).toEqual({ ok: true, built: false });
  }, 240_000);
});

// startHost over a real engine: a wiki in a temporary folder, a real SQLite file, the watcher on it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexReport } from '../../shared/indexing.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { startHost, type Host, type HostProgress } from './start-host.ts';

let fx: Fixture;
let host: Host | null = null;

afterEach(async () => {
  await host?.close();
  host = null;
  fx?.cleanup();
});

function start(options: Partial<Parameters<typeof startHost>[0]> = {}, progress: HostProgress[] = []) {
  return startHost({
    roots: [fx.root],
    db: fx.db,
    model: 'none',
    env: { CAIRN_CONFIG: path.join(fx.dir, 'no-config.json') },
    watch: true,
    loadModel: 'background',
    onProgress: (p) => progress.push(p),
    ...options,
  });
}

/** The next pagesChanged whose report satisfies `test`. */
function nextChange(h: Host, test: (r: IndexReport) => boolean): Promise<IndexReport> {
  return new Promise((resolve) => {
    const on = (r: IndexReport) => {
      if (!test(r)) return;
      h.engine.events.off('pagesChanged', on);
      resolve(r);
    };
    h.engine.events.on('pagesChanged', on);
  });
}

describe('startHost', () => {
  it('indexes the roots at start, then indexes a page added afterwards through the watcher', async () => {
    fx = makeFixture({ 'global/alpha.md': '# Alpha\n\nSee [[beta]].\n', 'global/beta.md': '# Beta\n\nRanking fusion.\n' });
    const progress: HostProgress[] = [];
    const attached: string[] = [];
    host = await start({ attach: (engine) => void attached.push(engine.settings.db) }, progress);
    expect(attached).toEqual([fx.db]);
    expect(progress[0]).toMatchObject({ kind: 'settings', settings: { roots: [fx.root], db: fx.db, model: 'none' } });

    const report = await host.indexed;
    expect(report).toMatchObject({ pages: 2 });
    expect(progress).toContainEqual({ kind: 'indexed', report });
    expect((await host.engine.getPage({ key: 'alpha' })).links.map((l) => l.target)).toContain('beta');

    await host.watcher!.ready;
    const changed = nextChange(host, (r) => r.pages === 3);
    fx.write('global/gamma.md', '# Gamma\n\nWritten by an agent after the start.\n');
    expect((await changed).pages).toBe(3);
    expect((await host.engine.getPage({ key: 'gamma' })).title).toBe('Gamma');
    expect(progress).toContainEqual({ kind: 'watching', roots: [fx.root] });
    expect(progress.some((p) => p.kind === 'index-failed' || p.kind === 'change-failed')).toBe(false);
  });

  it('searches on the other lanes while the model is off, and says why', async () => {
    fx = makeFixture({ 'global/alpha.md': '# Alpha\n\nReciprocal rank fusion.\n' });
    const progress: HostProgress[] = [];
    host = await start({ watch: false, reindex: 'now', loadModel: 'now' }, progress);
    expect(host.watcher).toBeNull();
    expect(progress).toContainEqual({ kind: 'model', unavailable: 'turned off (model: none)' });
    const found = await host.engine.search({ query: 'fusion' });
    expect(found.results.map((r) => r.key)).toEqual(['alpha']);
  });

  it('closes the watcher, then the door, then the database; a second close() is the same close', async () => {
    fx = makeFixture({ 'global/alpha.md': '# Alpha\n' });
    const order: string[] = [];
    host = await start({ attach: () => () => void order.push(`detach (db open: ${host!.engine.db.open})`) });
    await host.indexed;
    const first = host.close();
    const second = host.close();
    expect(second).toBe(first);
    await Promise.all([first, second]);
    expect(order).toEqual(['detach (db open: true)']);
    expect(host.engine.db.open).toBe(false);
    await host.close();
    expect(order).toHaveLength(1);
    // a file written after close is not indexed (the watcher is stopped; the engine would throw)
    fx.write('global/late.md', '# Late\n');
    host = null;
  });

  it('closes the engine when the door fails to attach', async () => {
    fx = makeFixture({ 'global/alpha.md': '# Alpha\n' });
    let seen: Host['engine'] | null = null;
    await expect(
      start({
        attach: (engine) => {
          seen = engine;
          throw new Error('port in use');
        },
      }),
    ).rejects.toThrow('port in use');
    expect(seen!.db.open).toBe(false);
  });

  it('neither indexes nor watches a read-only index, and says so', async () => {
    fx = makeFixture({ 'global/alpha.md': '# Alpha\n' });
    const first = await start({ watch: false, reindex: 'now' });
    await first.close();
    fs.chmodSync(fx.db, 0o444); // its folder stays writable: SQLite creates index.db-shm beside it
    try {
      const progress: HostProgress[] = [];
      host = await start({}, progress);
      if (!host.engine.db.readonly) return; // running as root, for whom no file is read-only
      expect(host.watcher).toBeNull();
      expect(await host.indexed).toBeNull();
      expect(progress).toContainEqual({ kind: 'read-only', db: fx.db });
      expect((await host.engine.getPage({ key: 'alpha' })).title).toBe('Alpha');
    } finally {
      await host?.close();
      host = null;
      fs.chmodSync(fx.db, 0o644);
    }
  });
});

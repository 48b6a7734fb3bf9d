// Switching an index's embedding model on each store, with two tiny models the test writes: search
// keeps the old model's vectors while the new one's are prepared, the table changes in one write,
// the switch is kept in the config file, and going back reuses the cached vectors.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import { writeTinyHubModel } from '../testing/tiny-model.ts';
import type { Fixture, FixtureEngine } from '../testing/wiki-fixture.ts';
import { loadModelDir } from './load-model.ts';
import { prepareVectors } from './model-switch.ts';

const PAGES = {
  'global/pets.md': '# Pets\n\nThe cat and the dog.\n\n## Fish\n\nA fish in the river.',
  'global/sky.md': '# Sky\n\nA bird in a cloud above the tree.',
  'global/ground.md': '# Ground\n\nA stone by the river.',
};

describe.each(storeKinds())('switching models on %s', (kind) => {
  let fx: Fixture;
  let e: FixtureEngine;
  let modelA: string;
  let modelB: string;
  const semantic = async () => {
    const r = await e.search({ query: 'fish river', mode: 'semantic' });
    return { model: r.model, state: r.lanes.semantic!.state, results: r.results.length };
  };

  beforeAll(async () => {
    fx = await makeStoreFixture(kind, PAGES);
    modelA = path.join(fx.dir, 'model-a');
    modelB = path.join(fx.dir, 'model-b');
    writeTinyHubModel(modelA, 1);
    writeTinyHubModel(modelB, 2);
    e = fx.engine({ model: modelA });
    await e.reindex();
  });
  afterAll(() => fx.cleanup());

  it('searches with the old vectors while the new model embeds ahead, then switches in one go', async () => {
    expect(await semantic()).toEqual({ model: 'model-a', state: 'ok', results: 3 });
    const next = await loadModelDir(modelB);
    try {
      const computed = await prepareVectors(e.store, e.semantic.vectors, next, () => {});
      expect(computed).toBeGreaterThan(0);
    } finally {
      await next.dispose();
    }
    // prepared, not switched: the table and the answers are still model A's
    expect(await e.store.vectors.model()).toEqual({ id: 'model-a', dim: 8, setting: modelA });
    expect(await semantic()).toEqual({ model: 'model-a', state: 'ok', results: 3 });

    const progress: number[] = [];
    const done = await e.switchModel(modelB, (p) => progress.push(p.done));
    // everything was in the cache already: nothing embedded twice
    expect(done).toMatchObject({ model: 'model-b', computed: 0, setting: modelB, previous: modelA });
    expect(done.stored).toBe((await e.status({})).chunks);
    expect(progress.length).toBeGreaterThan(0);
    expect(await e.store.vectors.model()).toEqual({ id: 'model-b', dim: 8, setting: modelB });
    expect(await e.store.vectors.countPending()).toBe(0);
    expect(await semantic()).toEqual({ model: 'model-b', state: 'ok', results: 3 });
  });

  it('keeps the switch in the config file, and goes back with the vectors it cached', async () => {
    const config = JSON.parse(fs.readFileSync(path.join(fx.dir, 'no-config.json'), 'utf8')) as Record<string, string>;
    expect(config).toEqual({ model: modelB, previousModel: modelA });
    fx.write('global/new.md', '# New\n\nA dog by the stone.');
    await e.reindex();
    const back = await e.switchModel(modelA);
    // only the page written since was not in model A's cache
    expect(back).toMatchObject({ model: 'model-a', computed: 1, previous: modelB });
    expect(await semantic()).toEqual({ model: 'model-a', state: 'ok', results: 4 });
  });

  it('refuses a model that cannot be loaded and leaves the one in use serving', async () => {
    await expect(e.switchModel(path.join(fx.dir, 'no-such-model'))).rejects.toThrow(/does not exist/);
    await expect(e.switchModel('none')).rejects.toThrow(/a switch moves to a model/);
    // the model before was a folder: a door may not load a folder, so it says where to go back from
    await expect(e.rollbackModel()).rejects.toThrow(/go back to it from the command line/);
    expect(await semantic()).toEqual({ model: 'model-a', state: 'ok', results: 4 });
    expect(await e.store.vectors.model()).toEqual({ id: 'model-a', dim: 8, setting: modelA });
  });
});

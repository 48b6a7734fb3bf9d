// Two servers on one index (two engines on one database, each store): when one switches the
// embedding model, the other follows — at its next search or run — rather than re-embedding the
// index back to its own model, which is what it did before the index kept the setting its vectors
// were made under. A server started later follows too, unless its model is named explicitly.
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../config/settings.ts';
import { Engine } from '../engine.ts';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import { writeTinyHubModel } from '../testing/tiny-model.ts';
import type { Fixture, FixtureEngine } from '../testing/wiki-fixture.ts';

const PAGES = {
  'pets.md': '# Pets\n\nThe cat and the dog.\n\n## Fish\n\nA fish in the river.',
  'sky.md': '# Sky\n\nA bird in a cloud above the tree.',
};

describe.each(storeKinds())('servers sharing an index on %s follow a switch of model', (kind) => {
  let fx: Fixture;
  let a: FixtureEngine;
  let b: FixtureEngine;
  let modelA: string;
  let modelB: string;
  const served = async (e: Pick<FixtureEngine, 'search'>) => (await e.search({ query: 'fish river', mode: 'semantic' })).model;

  beforeAll(async () => {
    fx = await makeStoreFixture(kind, PAGES);
    modelA = path.join(fx.dir, 'model-a');
    modelB = path.join(fx.dir, 'model-b');
    writeTinyHubModel(modelA, 1);
    writeTinyHubModel(modelB, 2);
    a = fx.engine({ model: modelA });
    b = fx.engine({ model: modelA });
    await a.reindex();
    await b.loadModel();
    expect(await served(b)).toBe('model-a');
  });
  afterAll(() => fx.cleanup());

  it('a server’s next run embeds with the model the index was switched to, and keeps its vectors', async () => {
    await a.switchModel(modelB);
    expect(await a.store.vectors.model()).toEqual({ id: 'model-b', dim: 8, setting: modelB });
    fx.write('ground.md', '# Ground\n\nA stone by the river.');
    // b was started with model A: its run must not make the index model A's again
    await b.reindex();
    expect(await b.store.vectors.model()).toEqual({ id: 'model-b', dim: 8, setting: modelB });
    expect(await b.store.vectors.countPending()).toBe(0);
    expect(await served(b)).toBe('model-b');
    expect(await served(a)).toBe('model-b');
  });

  it('a server searching after another switched serves the new model', async () => {
    await a.switchModel(modelA);
    // b's first search finds vectors of another model and takes up the index's setting
    await served(b);
    expect(await served(b)).toBe('model-a');
  });

  it('a server started later serves the index’s model, unless its own is named explicitly', async () => {
    await a.switchModel(modelB);
    const config = path.join(fx.dir, 'config.json');
    fs.writeFileSync(config, JSON.stringify({ model: modelA }));
    const fromConfig = Engine.open(resolveSettings({ roots: [fx.root], db: fx.db, env: { CAIRN_CONFIG: config } }));
    try {
      await fromConfig.loadModel();
      expect(fromConfig.semantic.embedder?.info.id).toBe('model-b');
      expect(fromConfig.semantic.modelSetting).toEqual({ dir: modelB });
    } finally {
      await fromConfig.close();
    }
    const named = fx.engine({ model: modelA });
    await named.loadModel();
    expect(named.semantic.embedder?.info.id).toBe('model-a');
  });

  it('a server that cannot serve the model switched to keeps its own, leaves the index alone and says why', async () => {
    const modelC = path.join(fx.dir, 'model-c');
    writeTinyHubModel(modelC, 3);
    await a.switchModel(modelC);
    // only a's machine has it: b cannot take it up
    fs.rmSync(modelC, { recursive: true });
    fx.write('cloud.md', '# Cloud\n\nA bird and a cloud.');
    await b.reindex();
    expect(await b.store.vectors.model()).toEqual({ id: 'model-c', dim: 8, setting: modelC });
    const lane = (await b.search({ query: 'fish river', mode: 'semantic' })).lanes.semantic!;
    expect(lane).toMatchObject({ state: 'skipped', reason: 'no-vectors' });
    expect(lane.state !== 'ok' && lane.message).toContain(`the index was switched to ${modelC}, which this server cannot serve`);
  });
});

// The semantic lane with the real shipped model, loaded through transformers.js from disk.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_WIKI, SHIPPED_MODEL } from '../config/settings.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const pages = {
  'vehicles.md': '# Cars\n\nA car needs fuel and tyres; drivers park the car in a garage overnight.',
  'soup.md': '# Soup\n\nBoil onions and carrots in a pot of water with salt.',
  'music.md': '# Music\n\nThe orchestra played a symphony with violins and a piano.',
};

describe('semantic lane (shipped GloVe model)', () => {
  it('finds a synonym that no other lane finds', async () => {
    fx = makeFixture(pages);
    const e = fx.engine({ model: SHIPPED_MODEL });
    const report = await e.reindex();
    expect(report).toMatchObject({ model: 'cairn/glove-wink-100d', embedded: 3 });
    const r = await e.search({ query: 'automobile' });
    expect(r.lanes.semantic!.state).toBe('ok');
    expect(r.results[0]!.path).toBe('vehicles.md');
    expect(r.results[0]!.lanes.semantic!.rank).toBe(1);
    expect(r.results[0]!.lanes.lexical!.rank).toBeNull();
    expect(r.results[0]!.lanes.token!.rank).toBeNull();
    expect((await e.search({ query: 'automobile', mode: 'lexical' })).results).toEqual([]);
    expect((await e.search({ query: 'violin concert', mode: 'semantic' })).results[0]!.path).toBe('music.md');
  });

  it('re-indexing embeds only new or changed sections', async () => {
    fx = makeFixture(pages);
    const e = fx.engine({ model: SHIPPED_MODEL });
    await e.reindex();
    expect(await e.reindex()).toMatchObject({ embedded: 0 });
    fx.write('soup.md', '# Soup\n\nBoil onions and carrots in a pot of water with salt.\n\n## Bread\n\nBake bread with flour and yeast.');
    expect(await e.reindex()).toMatchObject({ embedded: 1 });
  });

  it('a model that cannot be loaded leaves search working on the other lanes', async () => {
    fx = makeFixture(pages);
    const broken = path.join(fx.dir, 'broken-model');
    fs.mkdirSync(path.join(broken, 'onnx'), { recursive: true });
    for (const f of ['config.json', 'tokenizer.json', 'tokenizer_config.json']) fs.copyFileSync(path.join(SHIPPED_MODEL, f), path.join(broken, f));
    fs.writeFileSync(path.join(broken, 'onnx', 'model.onnx'), 'not an onnx file');
    const e = fx.engine({ model: broken });
    const report = await e.reindex();
    expect(report.model).toBeNull();
    expect(report.modelNote).toMatch(/could not load the embedding model/);
    const r = await e.search({ query: 'car garage' });
    expect(r.lanes.semantic).toMatchObject({ state: 'skipped', reason: 'no-model', message: expect.stringMatching(/^could not load the embedding model/) });
    expect(r.results[0]!.path).toBe('vehicles.md');
  });
});

describe('the corpus-adaptive model (the default)', () => {
  it('is learned from the wiki, recorded in the index, and switching models re-embeds everything', async () => {
    fx = makeFixture();
    fs.cpSync(DEMO_WIKI, fx.root, { recursive: true });
    const adaptive = fx.engine({ model: 'adaptive' });
    const first = await adaptive.reindex();
    expect(first.model).toMatch(/^cairn\/adaptive-[0-9a-f]+$/);
    expect(first.embedded).toBe(first.chunks);
    expect(await adaptive.semantic.vectors.model()).toEqual({ id: first.model, dim: adaptive.semantic.embedder!.info.dim, setting: 'adaptive' });
    // the issue's own example: asking about OAuth refresh finds the credential-rotation lesson
    const r = await adaptive.search({ query: 'OAuth token refresh', mode: 'semantic', k: 3 });
    expect(r.results.map((x) => x.key)).toContain('embedding-hub-token-rotation');
    void adaptive.close();

    const glove = fx.engine({ model: SHIPPED_MODEL });
    const second = await glove.reindex();
    expect(second).toMatchObject({ model: 'cairn/glove-wink-100d', embedded: first.chunks });
    expect(await glove.semantic.vectors.model()).toEqual({ id: 'cairn/glove-wink-100d', dim: 100, setting: SHIPPED_MODEL });
    const count = glove.db.prepare('SELECT count(*) AS n FROM vec_chunks').get() as { n: number };
    expect(count.n).toBe(first.chunks);
  });
});

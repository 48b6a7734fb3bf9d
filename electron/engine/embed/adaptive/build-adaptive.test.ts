// End to end on a toy wiki: learn vectors from the texts, write the model, load it through
// the real loader, and check the lane does what it is for — relate words that share
// contexts even when they never occur together.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLocalModel } from '../local-model.ts';
import { currentAdaptiveModel, pruneAdaptiveModels, refreshAdaptiveModel } from './adaptive-lifecycle.ts';
import { buildAdaptiveModel } from './build-adaptive.ts';
import { measureDrift } from './drift.ts';
import { gaussian } from './randomized-svd.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-adaptive-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// Two topics; "physician" and "doctor" (likewise "automobile" and "car") fill the same slots
// but never share a text.
function toyWiki(): string[] {
  const random = gaussian(5);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.abs(random() * 1000)) % xs.length]!;
  const medical = [
    'the {w} treated the patient in the hospital ward',
    'a {w} prescribed medicine for the fever',
    'the {w} examined symptoms and diagnosed the illness',
    'our {w} works night shifts at the clinic',
  ];
  const motoring = [
    'the {w} needs new tyres and an oil change',
    'she parked the {w} in the garage downtown',
    'a {w} with a diesel engine uses less fuel',
    'the {w} stalled on the motorway in traffic',
  ];
  const texts: string[] = [];
  for (let i = 0; i < 240; i++) {
    const medicalWord = i % 2 ? 'physician' : 'doctor';
    const carWord = i % 2 ? 'automobile' : 'car';
    texts.push(pick(medical).replace('{w}', medicalWord) + '. ' + pick(medical).replace('{w}', medicalWord));
    texts.push(pick(motoring).replace('{w}', carWord) + '. ' + pick(motoring).replace('{w}', carWord));
  }
  return texts;
}

const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('buildAdaptiveModel', () => {
  const texts = toyWiki();
  const dir = path.join(tmp, 'model');

  it('learns that words in the same contexts mean the same, and loads like any model', async () => {
    const topic = { dims: 4, weight: 0.35, eigenPower: 0 };
    const card = await buildAdaptiveModel(texts, dir, { dims: 8, minCount: 2, window: 4, topic });
    expect(card.id).toMatch(/^cairn\/adaptive-[0-9a-f]{12}$/);
    const model = await loadLocalModel(dir);
    try {
      expect(model.info).toMatchObject({ id: card.id, dim: 8 + 4, kind: 'static' });
      const [doctor, physician, car, automobile] = await model.embed(['doctor', 'physician', 'car', 'automobile']);
      expect(cos(doctor!, physician!)).toBeGreaterThan(0.8);
      expect(cos(car!, automobile!)).toBeGreaterThan(0.8);
      expect(cos(doctor!, car!)).toBeLessThan(cos(doctor!, physician!) - 0.3);
      // A query in one word finds the text written with the other.
      const q = await model.embedQuery('physician');
      const [medicalText, motoringText] = await model.embed(['the doctor examined the patient', 'the car needs tyres']);
      expect(cos(q, medicalText!)).toBeGreaterThan(cos(q, motoringText!));
    } finally {
      await model.dispose();
    }
  });

  it('refuses to overwrite a folder, and says when the wiki has drifted', async () => {
    await expect(buildAdaptiveModel(texts, dir)).rejects.toThrow(/not empty/);
    expect(measureDrift(dir, texts).shouldRebuild).toBe(false);
    const grown = [...texts, ...Array.from({ length: 60 }, (_, i) => `quantum chromodynamics lattice gluon ${i} hadron`)];
    const drift = measureDrift(dir, grown);
    expect(drift.shouldRebuild).toBe(true);
    expect(drift.oovRate).toBeGreaterThan(drift.baselineOovRate);
  });

  it('refuses text too small to learn from', async () => {
    await expect(buildAdaptiveModel(['just a few words'], path.join(tmp, 'tiny'))).rejects.toThrow(/too little text/);
  });
});

describe('refreshAdaptiveModel', () => {
  const texts = toyWiki();
  const root = path.join(tmp, 'models');
  const small = { dims: 8, minCount: 2, window: 4, topic: { dims: 4, weight: 0.35, eigenPower: 0 } };

  it('waits for enough text, builds once, keeps the build while the words are covered, rebuilds on drift', async () => {
    const waiting = await refreshAdaptiveModel(texts, root, { ...small, minTokens: 1_000_000 });
    expect(waiting).toMatchObject({ dir: null, rebuilt: false });
    expect(waiting.reason).toMatch(/words of text/);

    const first = await refreshAdaptiveModel(texts, root, { ...small, minTokens: 1000 });
    expect(first.rebuilt).toBe(true);
    expect(currentAdaptiveModel(root)).toBe(first.dir);

    const again = await refreshAdaptiveModel(texts, root, { ...small, minTokens: 1000 });
    expect(again).toMatchObject({ dir: first.dir, rebuilt: false });

    const grown = [...texts, ...Array.from({ length: 80 }, (_, i) => `quantum chromodynamics lattice gluon hadron ${i}`)];
    const second = await refreshAdaptiveModel(grown, root, { ...small, minTokens: 1000 });
    expect(second.rebuilt).toBe(true);
    expect(second.reason).toMatch(/no vector/);
    expect(currentAdaptiveModel(root)).toBe(second.dir);

    pruneAdaptiveModels(root, second.dir!);
    expect(fs.readdirSync(root)).toEqual([path.basename(second.dir!)]);
  });
});

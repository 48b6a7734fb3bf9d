// The real download path against a hub mirror on loopback: a tiny model the test makes, listed and
// served as the hub does, fetched with progress, checked, resumed when cut, refused when corrupt,
// and then loaded by transformers.js like any downloaded model.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHubMirror, type HubMirror } from '../testing/hub-mirror.ts';
import { writeTinyHubModel } from '../testing/tiny-model.ts';
import { readModelCard } from './embedder.ts';
import type { HubProgress } from './hub-download.ts';
import { loadModelDir } from './load-model.ts';
import { downloadHubModel } from './local-model.ts';

const ID = 'tests/tiny-embedder';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-hub-'));
const source = path.join(tmp, 'source');
let mirror: HubMirror;

beforeAll(async () => {
  writeTinyHubModel(source, 1);
  mirror = await startHubMirror({ [ID]: source });
});
afterAll(async () => {
  await mirror.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The vector a model folder gives a text, through the loader the engine uses. */
async function embedWith(dir: string, text: string): Promise<number[]> {
  const model = await loadModelDir(dir);
  try {
    return [...(await model.embedQuery(text))];
  } finally {
    await model.dispose();
  }
}

describe('downloading a model from a hub mirror', () => {
  it('fetches the files with progress, writes the card, and the loader embeds with it', async () => {
    const cache = path.join(tmp, 'cache-a');
    const progress: HubProgress[] = [];
    const dir = await downloadHubModel(ID, cache, (p) => progress.push(p), { endpoint: mirror.endpoint });
    expect(dir).toBe(path.join(cache, ID));
    expect(readModelCard(dir)).toMatchObject({ id: ID, dim: 8, kind: 'transformer', provenance: { source: `${mirror.endpoint}/${ID}` } });
    const total = fs.statSync(path.join(source, 'onnx/model.onnx')).size;
    expect(progress.at(-1)).toMatchObject({ progress: 100 });
    expect(progress.at(-1)!.total).toBeGreaterThan(total);
    expect(progress.map((p) => p.loaded)).toEqual([...progress.map((p) => p.loaded)].sort((a, b) => a - b));
    expect(fs.existsSync(path.join(cache, '.incoming', ID))).toBe(false);
    const vector = await embedWith(dir, 'cat river');
    expect(vector).toHaveLength(8);
    expect(vector.some((x) => x !== 0)).toBe(true);
    expect(vector).toEqual(await embedWith(source, 'cat river'));
  });

  it('resumes a transfer cut halfway with a Range request, not from the start', async () => {
    const cache = path.join(tmp, 'cache-b');
    let arrived = () => {};
    mirror.cutOnce.set('onnx/model.onnx', new Promise<void>((resolve) => (arrived = resolve)));
    const before = mirror.requests.length;
    // a progress report of the file means bytes of it are on disk: then the mirror breaks off
    const dir = await downloadHubModel(ID, cache, (p) => p.file === 'onnx/model.onnx' && arrived(), { endpoint: mirror.endpoint });
    const onnx = mirror.requests.slice(before).filter((r) => r.file === 'onnx/model.onnx');
    expect(onnx.map((r) => r.range)).toEqual([null, expect.stringMatching(/^bytes=[1-9]\d*-$/)]);
    expect(fs.readFileSync(path.join(dir, 'onnx/model.onnx')).equals(fs.readFileSync(path.join(source, 'onnx/model.onnx')))).toBe(true);
  });

  it('refuses a file that is not the one listed, and the model there before keeps serving', async () => {
    const cache = path.join(tmp, 'cache-c');
    const dir = await downloadHubModel(ID, cache, undefined, { endpoint: mirror.endpoint });
    const was = await embedWith(dir, 'dog cloud');
    mirror.corrupt.add('onnx/model.onnx');
    try {
      await expect(downloadHubModel(ID, cache, undefined, { endpoint: mirror.endpoint })).rejects.toThrow(
        /onnx\/model\.onnx is not the file the hub lists \(SHA-256 [0-9a-f]{64}, listed [0-9a-f]{64}\)/,
      );
    } finally {
      mirror.corrupt.clear();
    }
    expect(await embedWith(dir, 'dog cloud')).toEqual(was);
    expect(fs.existsSync(`${dir}.previous`)).toBe(false);
  });

  it('names what is wrong with an unknown model or id, and installs nothing', async () => {
    const cache = path.join(tmp, 'cache-d');
    await expect(downloadHubModel('tests/missing', cache, undefined, { endpoint: mirror.endpoint })).rejects.toThrow(
      /answered 404: no model tests\/missing there/,
    );
    for (const id of ['../../etc', 'owner/.', 'owner/..', 'tests/tiny-embedder.previous'])
      await expect(downloadHubModel(id, cache, undefined, { endpoint: mirror.endpoint })).rejects.toThrow(/is not a hub model id/);
    expect(fs.existsSync(path.join(cache, 'tests'))).toBe(false);
  });
});

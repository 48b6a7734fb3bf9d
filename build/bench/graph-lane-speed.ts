// What the graph lane costs a search on a densely linked wiki: interconnected-10k (every key a
// common word, so every page mentions dozens of concepts). Indexes it into a temp database without a
// model, warms up, then times ten one-word and short queries three times each, with the graph lane
// at its default weight and at 0 (it still runs at 0, so the debugger can raise it).
// Usage: npm run bench:graph-lane-speed [-- ROOT]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveSettings } from '../../electron/engine/config/settings.ts';
import { Engine } from '../../electron/engine/engine.ts';
import { engineApi } from '../../electron/engine/engine-api.ts';
import { percentile } from '../../electron/engine/eval/metrics.ts';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../../shared/eval/wikis/interconnected-10k'));
if (!fs.existsSync(root)) {
  console.log(`bench:graph-lane-speed skipped: ${root} is missing; nothing measured`);
  process.exit(0);
}
const QUERIES = ['water', 'the history of music', 'time', 'people and places', 'science', 'war', 'art', 'city', 'language', 'food'];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-graph-speed-'));
const engine = Engine.open(
  resolveSettings({ roots: [root], db: path.join(dir, 'bench.db'), model: 'none', env: { CAIRN_CONFIG: path.join(dir, 'none.json') } }),
);
try {
  await engine.reindex();
  const api = engineApi(engine);
  for (const query of QUERIES) await api.search({ query });
  const lane: number[] = [];
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of QUERIES) {
      const a = await api.search({ query });
      lane.push(a.lanes.graph!.ms);
      on.push(a.ms);
      off.push((await api.search({ query, weights: { graph: 0 } })).ms);
    }
  }
  const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;
  console.log(`${path.basename(root)}, ${QUERIES.length} queries x 3, model none`);
  console.log(`graph lane alone: ${fmt(lane)}`);
  console.log(`hybrid search, graph at its default: ${fmt(on)}`);
  console.log(`hybrid search, graph weight 0: ${fmt(off)}`);
} finally {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

// Scores a candidate semantic lane on a BEIR set (SciFact by default) through the real
// loader: every doc's title + " " + text and every query are embedded by local-model.ts,
// ranked by cosine (brute force), and reported as nDCG@10 / Recall@100 / MRR@10 on the tune
// half (even query ids), the held-out half (odd ids) and all train queries, with embedding
// throughput, single-query latency, model size and (for the adaptive model) build time.
//
//   npx tsx build/model/probe-semantic.ts --model build/model/glove-wink-100d
//   npx tsx build/model/probe-semantic.ts --adaptive '{"dims":256}' [--general DIR] [--keep DIR]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildAdaptiveModel, type AdaptiveOptions } from '../../electron/engine/embed/adaptive/build-adaptive.ts';
import { readModelCard, recordMeasurement } from '../../electron/engine/embed/embedder.ts';
import { loadLocalModel } from '../../electron/engine/embed/local-model.ts';
import { splitQueries } from '../../electron/engine/eval/beir.ts';
import { docText, evaluate, formatMetrics, loadBeirDir, SCIFACT_DIR, topK, type Metrics } from './probe-kit.ts';
import { roundTo } from '../../shared/rounding.ts';

const { values: args } = parseArgs({
  options: {
    model: { type: 'string' },
    adaptive: { type: 'string' },
    general: { type: 'string' },
    keep: { type: 'string' },
    data: { type: 'string', default: SCIFACT_DIR },
    json: { type: 'boolean', default: false },
    'batch-size': { type: 'string', default: '64' },
    /** Store the figures in the model's cairn-model.json (semantic lane alone). */
    record: { type: 'boolean', default: false },
  },
});

const data = loadBeirDir(args.data);
const texts = data.docs.map(docText);

let modelDir = args.model;
let buildSeconds: number | null = null;
let buildCpuSeconds: number | null = null;
if (args.adaptive !== undefined) {
  modelDir = args.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-adaptive-'));
  const t = performance.now();
  // CPU time of all threads (workers, onnxruntime) too: wall time on a shared machine drifts.
  const cpu = process.cpuUsage();
  const options = JSON.parse(args.adaptive || '{}') as Partial<AdaptiveOptions>;
  await buildAdaptiveModel(texts, modelDir, { ...options, generalModelDir: args.general });
  buildSeconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  buildCpuSeconds = (used.user + used.system) / 1e6;
}
if (!modelDir) throw new Error('Pass --model DIR or --adaptive JSON');

const model = await loadLocalModel(modelDir, { batchSize: Number(args['batch-size']) });
const dim = model.info.dim;

let t = performance.now();
const docVectors = await model.embed(texts);
const docSeconds = (performance.now() - t) / 1000;
const docs = new Float32Array(texts.length * dim);
docVectors.forEach((v, i) => docs.set(v, i * dim));

// Queries one at a time, as search issues them: this is the latency a search pays.
const latencies: number[] = [];
const ranked = new Map<string, string[]>();
for (const q of data.queries) {
  t = performance.now();
  const v = await model.embedQuery(q.text);
  latencies.push(performance.now() - t);
  ranked.set(q.id, topK(v, docs, dim, 100).map((i) => data.docs[i]!.id));
}
latencies.sort((a, b) => a - b);
await model.dispose();

const bytes = fs
  .readdirSync(modelDir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .reduce((s, e) => s + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
const results: Record<string, Metrics> = {
  tune: evaluate(splitQueries(data.queries, 'tune'), ranked, data.qrels),
  heldout: evaluate(splitQueries(data.queries, 'heldout'), ranked, data.qrels),
  all: evaluate(splitQueries(data.queries, 'all'), ranked, data.qrels),
};
const report = {
  model: model.info.id,
  dir: modelDir,
  dim,
  metrics: results,
  docsPerSecond: texts.length / docSeconds,
  queryMs: { p50: latencies[Math.floor(latencies.length / 2)]!, p95: latencies[Math.floor(latencies.length * 0.95)]! },
  sizeMB: bytes / 1e6,
  buildSeconds,
  buildCpuSeconds,
};
if (args.record) {
  const card = readModelCard(modelDir);
  if (!card) throw new Error(`No card in ${modelDir} to record into`);
  for (const [split, label] of [['all', 'train, all'], ['heldout', 'train, held-out half (odd ids)']] as const) {
    const m = results[split]!;
    recordMeasurement(modelDir, card.defaults, {
      how: 'semantic lane alone: build/model/probe-semantic.ts (title + " " + text, brute-force cosine)',
      dataset: path.basename(args.data),
      queries: `${label} (${m.queries})`,
      ndcg10: roundTo(m.ndcg10, 3),
      recall100: roundTo(m.recall100, 3),
      mrr10: roundTo(m.mrr10, 3),
      at: new Date().toISOString(),
    });
  }
}

if (args.json) {
  console.log(JSON.stringify(report));
} else {
  console.log(`${report.model} (${dim}-d, ${report.sizeMB.toFixed(1)} MB) from ${modelDir}`);
  for (const [split, m] of Object.entries(results)) console.log(`  ${split.padEnd(8)}${formatMetrics(m)}`);
  console.log(
    `  embed ${report.docsPerSecond.toFixed(0)} docs/s (batch ${args['batch-size']}); query p50 ${report.queryMs.p50.toFixed(1)} ms` +
      ` p95 ${report.queryMs.p95.toFixed(1)} ms` +
      (buildSeconds === null ? '' : `; adaptive build ${buildSeconds.toFixed(1)} s wall, ${buildCpuSeconds!.toFixed(1)} s CPU`),
  );
}

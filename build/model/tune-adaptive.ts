// Tuning harness for the corpus-adaptive model: builds the word table in memory with the
// options given as JSON on the command line and scores it on SciFact's tune and held-out
// query halves, averaging word rows in JS (exactly what the ONNX graph computes) so a grid
// of variants runs without writing models. Final figures come from probe-semantic.ts,
// which goes through the real loader.
//   npx tsx build/model/tune-adaptive.ts [--general=DIR] '{"window":5,"dims":256}' ['{"dims":128}' …]
import { buildAdaptiveTable, type AdaptiveOptions } from '../../electron/engine/embed/adaptive/build-adaptive.ts';
import { readStaticModel } from '../../electron/engine/embed/static-onnx.ts';
import { embedInJs } from './table-embed.ts';
import { splitQueries, type QuerySplit } from '../../electron/engine/eval/beir.ts';
import { docText, evaluate, formatMetrics, loadBeirDir, topK } from './probe-kit.ts';

const data = loadBeirDir();
const docTexts = data.docs.map(docText);

const argv = process.argv.slice(2);
const generalDir = argv.find((a) => a.startsWith('--general='))?.slice('--general='.length);
const general = generalDir ? readStaticModel(generalDir) : null;

for (const arg of argv.filter((a) => !a.startsWith('--'))) {
  const options = JSON.parse(arg) as Partial<AdaptiveOptions>;
  const t0 = performance.now();
  const { table, stats } = await buildAdaptiveTable(docTexts, options, general);
  const buildMs = performance.now() - t0;
  const docs = embedInJs(table, docTexts);
  const ranked = new Map<string, string[]>();
  const qv = embedInJs(table, data.queries.map((q) => q.text));
  data.queries.forEach((q, i) => {
    ranked.set(q.id, topK(qv.subarray(i * table.dim, (i + 1) * table.dim), docs, table.dim, 100).map((d) => data.docs[d]!.id));
  });
  const line = (split: QuerySplit) => formatMetrics(evaluate(splitQueries(data.queries, split), ranked, data.qrels));
  console.log(`\n${arg}\n  build ${(buildMs / 1000).toFixed(1)} s  vocab ${table.vocab.length}  dim ${table.dim}  ${JSON.stringify(stats.timings)}`);
  console.log(`  tune    ${line('tune')}\n  heldout ${line('heldout')}\n  all     ${line('all')}`);
}

// How big must a wiki be before vectors learned from it beat the general GloVe floor, and
// how much does borrowing GloVe vectors help a small one? Sub-corpora of SciFact: a seeded
// sample of train queries, all their relevant docs, and random distractors up to N docs.
// Each candidate is built on the sub-corpus only and scored on its queries (tune half and
// held-out half reported separately). Also measures the drift curve: a model built on a
// fraction of the full corpus, scored on the full corpus, against its OOV rate there.
//
//   npx tsx build/model/probe-corpus-size.ts [--sizes 300,1000,2500] [--drift 0.5,0.7,0.85]
//        [--general build/model/glove-wink-100d] [--options '{…adaptive options…}']
import { parseArgs } from 'node:util';
import { buildAdaptiveTable, type AdaptiveOptions } from '../../electron/engine/embed/adaptive/build-adaptive.ts';
import { oovRate } from '../../electron/engine/embed/adaptive/drift.ts';
import { gaussian } from '../../electron/engine/embed/adaptive/randomized-svd.ts';
import { readStaticModel, type StaticTable } from '../../electron/engine/embed/static-onnx.ts';
import { splitQueries, type BeirDoc, type BeirQuery } from '../../electron/engine/eval/beir.ts';
import { docText, evaluate, loadBeirDir, topK } from './probe-kit.ts';
import { embedInJs } from './table-embed.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '300,1000,2500' },
    drift: { type: 'string', default: '0.5,0.7,0.85' },
    general: { type: 'string', default: 'build/model/glove-wink-100d' },
    options: { type: 'string', default: '{}' },
    blend: { type: 'string', default: '{"mode":"concat","weight":0.1}' },
    'blend-alt': { type: 'string', default: '{"mode":"map","shrink":10,"trainMinCount":20,"ridge":1,"extend":0}' },
  },
});
const data = loadBeirDir();
const general = readStaticModel(args.general);
const base = JSON.parse(args.options) as Partial<AdaptiveOptions>;
const blend = JSON.parse(args.blend) as AdaptiveOptions['general'];
const blendAlt = JSON.parse(args['blend-alt']) as AdaptiveOptions['general'];

function shuffled<T>(xs: T[], seed: number): T[] {
  const random = gaussian(seed);
  return xs.map((x) => [random(), x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);
}

function score(table: StaticTable, docs: BeirDoc[], queries: BeirQuery[]) {
  const dv = embedInJs(table, docs.map(docText));
  const qv = embedInJs(table, queries.map((q) => q.text));
  const ranked = new Map<string, string[]>();
  queries.forEach((q, i) => {
    const top = topK(qv.subarray(i * table.dim, (i + 1) * table.dim), dv, table.dim, 100);
    ranked.set(q.id, top.map((d) => docs[d]!.id));
  });
  const f = (split: 'tune' | 'heldout') => evaluate(splitQueries(queries, split), ranked, data.qrels).ndcg10.toFixed(3);
  return `tune ${f('tune')} heldout ${f('heldout')}`;
}

const allQueries = shuffled(data.queries, 11);
const byId = new Map(data.docs.map((d) => [d.id, d]));
for (const size of args.sizes.split(',').map(Number)) {
  // Queries until their relevant docs fill ~40% of the sub-corpus; distractors fill the rest.
  const docs = new Map<string, BeirDoc>();
  const queries: BeirQuery[] = [];
  for (const q of allQueries) {
    const rel = [...(data.qrels.get(q.id)?.keys() ?? [])].filter((d) => byId.has(d));
    if (docs.size + rel.length > size * 0.4) break;
    queries.push(q);
    for (const d of rel) docs.set(d, byId.get(d)!);
  }
  for (const d of shuffled(data.docs, size)) {
    if (docs.size >= size) break;
    docs.set(d.id, d);
  }
  const sub = [...docs.values()];
  const texts = sub.map(docText);
  const tokens = texts.reduce((n, t) => n + (t.match(/\S+/g)?.length ?? 0), 0);
  const t = performance.now();
  const alone = await buildAdaptiveTable(texts, { ...base, general: { mode: 'none' } });
  const aloneS = (performance.now() - t) / 1000;
  const blended = await buildAdaptiveTable(texts, { ...base, general: blend }, general);
  const mapped = await buildAdaptiveTable(texts, { ...base, general: blendAlt }, general);
  console.log(`\n${sub.length} docs, ${tokens} words, ${queries.length} queries (built in ${aloneS.toFixed(1)} s)`);
  console.log(`  glove floor      ${score(general, sub, queries)}`);
  console.log(`  adaptive         ${score(alone.table, sub, queries)}`);
  console.log(`  + glove ${blend.mode.padEnd(8)}${score(blended.table, sub, queries)}`);
  console.log(`  + glove ${blendAlt.mode.padEnd(8)}${score(mapped.table, sub, queries)}`);
}

const fullTexts = data.docs.map(docText);
for (const fraction of args.drift.split(',').filter(Boolean).map(Number)) {
  const part = shuffled(data.docs, 99).slice(0, Math.round(fraction * data.docs.length)).map(docText);
  const built = await buildAdaptiveTable(part, { ...base, general: blend }, general);
  const rate = oovRate(new Set(built.table.vocab), fullTexts);
  console.log(
    `\nbuilt on ${(fraction * 100).toFixed(0)}% of docs: OOV ${(100 * built.stats.oovRate).toFixed(2)}% at build, ` +
      `${(100 * rate).toFixed(2)}% on the full corpus; full corpus ${score(built.table, data.docs, data.queries)}`,
  );
}

// `cairn eval`: retrieval quality on a labelled BEIR-format collection, every mode, with latency.
import path from 'node:path';
import envPaths from 'env-paths';
import { INTENT_DEFAULT, MODES, type Fusion, type FusionDefaults, type LaneWeights } from '../../shared/search.ts';
import { redactUrl } from '../engine/config/pg-url.ts';
import { modelSettingText } from '../engine/config/model-setting.ts';
import { loadBeir, QUERY_SPLITS, splitQueries, type QuerySplit } from '../engine/eval/beir.ts';
import { writeCorpusPages } from '../engine/eval/corpus-pages.ts';
import { collectLaneRuns, evaluateModes } from '../engine/eval/run-eval.ts';
import { tuneFusion } from '../engine/eval/tune.ts';
import { COMMON_OPTIONS, numberOption, parse, UsageError } from './args.ts';
import { mmrOption, onOff, parseWeights } from './search-command.ts';
import { openSession, withProgressBar } from './session.ts';

const fmt = (x: number) => x.toFixed(3);

export async function runEval(args: string[]): Promise<number> {
  const { values } = parse(args, {
    ...COMMON_OPTIONS,
    corpus: { type: 'string' },
    queries: { type: 'string' },
    qrels: { type: 'string' },
    split: { type: 'string', default: 'all' },
    tune: { type: 'boolean', default: false },
    weights: { type: 'string' },
    fusion: { type: 'string' },
    'rrf-k': { type: 'string' },
    intent: { type: 'string' },
    mmr: { type: 'string' },
    reranker: { type: 'string' },
    rerank: { type: 'string' },
  });
  if (!values.corpus || !values.queries || !values.qrels) throw new UsageError('cairn eval needs --corpus, --queries and --qrels (BEIR format)');
  if (!(QUERY_SPLITS as readonly string[]).includes(values.split)) throw new UsageError(`--split must be all, tune or heldout, got "${values.split}"`);
  const set = loadBeir({ corpus: values.corpus, queries: values.queries, qrels: values.qrels });
  for (const p of set.problems.slice(0, 20)) process.stderr.write(`cairn eval: ${p}\n`);

  const work = path.join(envPaths('cairn', { suffix: '' }).cache, `eval-${set.corpusHash}`);
  const pagesDir = path.join(work, 'pages');
  const keyToId = writeCorpusPages(set.docs, pagesDir, set.corpusHash);
  const engine = await openSession({ roots: [pagesDir], db: values.db ?? path.join(work, 'index.db'), model: values.model, reranker: values.reranker });
  try {
    process.stderr.write(`cairn eval: ${set.docs.length} documents, ${set.queries.length} judged queries; index ${redactUrl(engine.settings.db)}\n`);
    await withProgressBar(engine, () => engine.reindex());
    engine.keepVectorsInMemory();
    await engine.loadModel();
    const queries = splitQueries(set.queries, values.split as QuerySplit);
    const fusion = { weights: parseWeights(values.weights), fusion: values.fusion as Fusion | undefined, rrfK: numberOption(values['rrf-k'], 'rrf-k') };
    const steps = { intent: onOff(values.intent, 'intent'), mmr: mmrOption(values.mmr), rerank: onOff(values.rerank, 'rerank') };
    const modes = await evaluateModes(engine, queries, set.qrels, keyToId, { ...fusion, ...steps }, progressLine('searching'));
    const report: Record<string, unknown> = {
      queries: queries.length,
      split: values.split,
      model: engine.semantic.embedder?.info.id ?? null,
      fusion: fusedWith(engine.fusionDefaults(), fusion),
      intent: steps.intent ?? INTENT_DEFAULT,
      mmr: steps.mmr ?? null,
      // MMR's order is its own: the reranker stays out of it (rerank/reranker-slot.ts)
      reranker: engine.settings.reranker === 'none' || steps.rerank === false || steps.mmr ? null : modelSettingText(engine.settings.reranker),
      modes,
    };
    if (values.tune) {
      const runs = await collectLaneRuns(engine, set.queries);
      report.tuned = tuneFusion(runs, set.queries, set.qrels, keyToId);
    }
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : evalText(report as unknown as EvalReport));
    return 0;
  } finally {
    await engine.close();
  }
}

interface EvalReport {
  queries: number;
  intent: boolean;
  mmr: { lambda: number } | null;
  split: string;
  model: string | null;
  fusion: { fusion: string; weights: Record<string, number>; rrfK: number };
  modes: Record<string, { ndcg10: number; recall100: number; mrr10: number; p50_ms: number; p95_ms: number; laneProblem: string | null }>;
  tuned?: ReturnType<typeof tuneFusion>;
}

function evalText(r: EvalReport): string {
  const w = r.fusion.weights;
  const lines = [
    `${r.queries} queries (${r.split}), model ${r.model ?? 'none'}, hybrid = ${r.fusion.fusion} lexical ${w.lexical} semantic ${w.semantic} token ${w.token} graph ${w.graph}${r.fusion.fusion === 'rrf' ? ` k ${r.fusion.rrfK}` : ''}, intent ${r.intent ? 'on' : 'off'}, MMR ${r.mmr ? `lambda ${r.mmr.lambda}` : 'off'}`,
    'mode       nDCG@10  R@100   MRR@10  p50 ms  p95 ms  (latency: top-10 searches, query embedding included)',
    ...MODES.map((m) => {
      const x = r.modes[m]!;
      return `${m.padEnd(10)} ${fmt(x.ndcg10)}    ${fmt(x.recall100)}   ${fmt(x.mrr10)}   ${String(x.p50_ms).padStart(6)}  ${String(x.p95_ms).padStart(6)}${x.laneProblem === null ? '' : `  (${x.laneProblem})`}`;
    }),
  ];
  if (r.tuned) {
    const t = r.tuned;
    const show = (f: { fusion: string; weights: Record<string, number>; rrfK: number }) =>
      `${f.fusion} ${JSON.stringify(f.weights)}${f.fusion === 'rrf' ? ` k ${f.rrfK}` : ''}`;
    lines.push(
      '',
      `fusion tuned over ${t.tried} settings; held-out = two-fold cross-validation (tuned on the tune half, scored on the held-out half, and back):`,
    );
    for (const [m, b] of Object.entries(t.byMethod))
      lines.push(`  best ${m.padEnd(6)} on all ${fmt(b.all.ndcg10)}  held-out ${fmt(b.heldout.ndcg10)}  ${show(b.best)}`);
    for (const f of t.folds)
      lines.push(`  fold tuned on ${f.tunedOn.padEnd(7)}: tune ${fmt(f.tune.ndcg10)}  held-out ${fmt(f.heldout.ndcg10)}  ${show(f.settings)}`);
    lines.push(`  chosen (best on all): ${show(t.best)}  all ${fmt(t.all.ndcg10)}  held-out ${fmt(t.heldout.ndcg10)}`);
  }
  return `${lines.join('\n')}\n`;
}

function progressLine(what: string) {
  return (done: number, total: number) => {
    if (process.stderr.isTTY && done % 25 === 0) process.stderr.write(`\r${what} ${done}/${total}`);
  };
}

/** The fusion the hybrid ran with: the defaults, overridden lane by lane by what was asked. */
function fusedWith(defaults: FusionDefaults, asked: { fusion?: Fusion; weights?: Partial<LaneWeights>; rrfK?: number }): FusionDefaults {
  return { ...defaults, ...dropUndefined(asked), weights: { ...defaults.weights, ...asked.weights } };
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// Does the graph lane help? SciFact has no links, so this measures it on a linked wiki instead:
// foam-docs (../shared/eval/wikis/foam-docs) and a hand-labelled set of questions
// (build/bench/foam-one-hop.json) phrased with the words of one page (`matches`) whose answer sits
// on a page one link away (`answer`) that does not share those words. Hybrid search, k = 10,
// through the contract as any door calls it, with the graph lane off (weight 0), at the default
// weight, and at a few other weights; `matches` recall is the sanity check that the set's words
// do find their page, so a low `answer` recall is the hop and not a bad question. The top 10 is
// an eighth of this 86-page wiki, so recall@3 and MRR show a lane's effect where recall@10 cannot.
// Usage: npm run bench:graph-lane [-- --model none|adaptive|...] [--graph 0.3,0.6,1] [--per-question]
import { LANES, type SearchRequest, type SearchResponse } from '../../shared/search.ts';
import { questionSet, withFoamWiki } from './foam-wiki.ts';

interface Question {
  id: string;
  question: string;
  matches: string;
  answer: string;
  why: string;
}

interface Setting {
  label: string;
  mode: 'hybrid' | 'lexical';
  weights?: SearchRequest['weights'];
}

const { questions, model, perQuestion } = questionSet<Question>('bench:graph-lane', 'foam-one-hop.json', (q) => [q.matches, q.answer]);
const K = 10;
const args = process.argv.slice(2);

const hasGraph = (LANES as readonly string[]).includes('graph');
// --graph 0.1,0.3: the graph weights to try besides the default
const tried = args.includes('--graph') ? args[args.indexOf('--graph') + 1]!.split(',').map(Number) : [0.3, 0.6, 1];
const settings: Setting[] = [
  { label: 'lexical lane alone', mode: 'lexical' },
  ...(hasGraph
    ? [
        { label: 'hybrid, without graph', mode: 'hybrid' as const, weights: { graph: 0 } },
        { label: 'hybrid, default weights', mode: 'hybrid' as const },
        ...tried.map((graph) => ({ label: `hybrid, graph ${graph}`, mode: 'hybrid' as const, weights: { graph } })),
      ]
    : [{ label: 'hybrid, default weights (no graph lane yet)', mode: 'hybrid' as const }]),
];

/** 1-based rank of a page in the top K, or null. */
const rankOf = (r: SearchResponse, page: string) => {
  const i = r.results.findIndex((x) => x.path === page);
  return i >= 0 ? i + 1 : null;
};
const pct = (n: number) => `${((100 * n) / questions.length).toFixed(0)}%`;
const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);

await withFoamWiki('bench-graph-lane', model, async (api, report) => {
  console.log(`# graph lane on foam-docs: ${questions.length} one-hop questions, k = ${K}`);
  console.log(
    `index: ${report.pages} pages, ${report.links} links (${report.dangling} dangling), model ${report.model ?? 'none'}${hasGraph ? '' : '; the graph lane is not in LANES yet, so only the baseline runs'}\n`,
  );
  row(['search', 'lane weights used', 'answer recall@10', 'answer recall@3', 'answer MRR@10', 'matches recall@10', 'matches MRR@10']);
  row(['---', '---', '---', '---', '---', '---', '---']);
  const ranks = new Map<string, { answer: (number | null)[]; matches: (number | null)[] }>();
  for (const s of settings) {
    const answer: (number | null)[] = [];
    const matches: (number | null)[] = [];
    let used = '';
    for (const q of questions) {
      const r = await api.search({ query: q.question, mode: s.mode, k: K, ...(s.weights ? { weights: s.weights } : {}) });
      answer.push(rankOf(r, q.answer));
      matches.push(rankOf(r, q.matches));
      // the weights the engine fused with, defaults filled in: what "default" meant in this run
      used =
        s.mode === 'lexical'
          ? 'lexical only'
          : Object.entries(r.weights)
              .map(([lane, w]) => `${lane} ${w}`)
              .join(', ');
    }
    ranks.set(s.label, { answer, matches });
    const found = (xs: (number | null)[], depth = K) => xs.filter((x) => x !== null && x <= depth).length;
    // matches MRR is the price: how far the page that has the question's words slips to make room
    const mrr = (xs: (number | null)[]) => (xs.reduce<number>((sum, x) => sum + (x ? 1 / x : 0), 0) / questions.length).toFixed(3);
    const share = (n: number) => `${pct(n)} (${n}/${questions.length})`;
    row([s.label, used, share(found(answer)), share(found(answer, 3)), mrr(answer), share(found(matches)), mrr(matches)]);
  }
  if (perQuestion) {
    // which questions the graph lane moved, to read the set question by question
    console.log('\nrank of `answer` (and of `matches`) per question; - is not in the top 10\n');
    row(['id', ...settings.map((s) => s.label)]);
    row(['---', ...settings.map(() => '---')]);
    const show = (x: number | null | undefined) => (x ? String(x) : '-');
    questions.forEach((q, i) => row([q.id, ...settings.map((s) => `${show(ranks.get(s.label)!.answer[i])} (${show(ranks.get(s.label)!.matches[i])})`)]));
  }
});

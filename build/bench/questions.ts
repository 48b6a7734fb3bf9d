// Does search answer plain questions? foam-docs (../shared/eval/wikis/foam-docs) and a set of
// questions a new user would type (build/bench/foam-questions.json: "how do I make a table"),
// each labelled with the one page that answers it and the section that does. Written for tuning
// offline ranking: the held-out sets (the Obsidian help vault, BEIR test splits) are not ours.
// Prints, per search setting, how often the page is first and in the top 5, MRR@10, nDCG@10 (one
// relevant page: 1 / log2(rank + 1)), and how often the result's section is the labelled one.
// Usage: npm run bench:questions [-- --model none|adaptive|...] [--per-question]
import type { SearchRequest, SearchResponse } from '../../shared/search.ts';
import { questionSet, withFoamWiki } from './foam-wiki.ts';

interface Question {
  id: string;
  question: string;
  answer: string;
  /** The heading of the section that answers it; null when the whole page does. */
  section: string | null;
}

interface Setting {
  label: string;
  request: Omit<SearchRequest, 'query'>;
}

const { questions, model, perQuestion } = questionSet<Question>('bench:questions', 'foam-questions.json', (q) => [q.answer]);
const K = 10;

const settings: Setting[] = [
  { label: 'lexical', request: { mode: 'lexical', k: K } },
  { label: 'semantic', request: { mode: 'semantic', k: K } },
  { label: 'hybrid, graph 0', request: { mode: 'hybrid', k: K, weights: { graph: 0 } } },
  { label: 'hybrid (default)', request: { mode: 'hybrid', k: K } },
];

interface Answered {
  rank: number | null;
  /** Whether the result for the right page shows the labelled section (null: no section labelled, or page not found). */
  section: boolean | null;
}

function answered(r: SearchResponse, q: Question): Answered {
  const i = r.results.findIndex((x) => x.path === q.answer);
  if (i < 0) return { rank: null, section: null };
  return { rank: i + 1, section: q.section === null ? null : r.results[i]!.heading === q.section };
}

const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
const share = (n: number, of: number) => (of === 0 ? '–' : `${((100 * n) / of).toFixed(0)}% (${n}/${of})`);

await withFoamWiki('bench-questions', model, async (api, report) => {
  console.log(`# plain questions on foam-docs: ${questions.length} questions, k = ${K}`);
  console.log(`index: ${report.pages} pages, ${report.links} links, model ${report.model ?? 'none'}\n`);
  row(['search', 'top 1', 'top 5', 'MRR@10', 'nDCG@10', 'section shown']);
  row(['---', '---', '---', '---', '---', '---']);
  const all = new Map<string, Answered[]>();
  for (const s of settings) {
    const got: Answered[] = [];
    for (const q of questions) got.push(answered(await api.search({ query: q.question, ...s.request }), q));
    all.set(s.label, got);
    const ranks = got.map((a) => a.rank);
    const within = (depth: number) => ranks.filter((x) => x !== null && x <= depth).length;
    const mean = (f: (rank: number) => number) => (ranks.reduce<number>((sum, x) => sum + (x ? f(x) : 0), 0) / questions.length).toFixed(3);
    const sections = got.filter((a) => a.section !== null);
    row([
      s.label,
      share(within(1), questions.length),
      share(within(5), questions.length),
      mean((x) => 1 / x),
      mean((x) => 1 / Math.log2(x + 1)),
      share(sections.filter((a) => a.section).length, sections.length),
    ]);
  }
  if (perQuestion) {
    console.log('\nrank of the answer per question (- not in the top 10; * the section shown is not the labelled one)\n');
    row(['id', ...settings.map((s) => s.label), 'question']);
    row(['---', ...settings.map(() => '---'), '---']);
    const show = (a: Answered) => (a.rank === null ? '-' : `${a.rank}${a.section === false ? '*' : ''}`);
    questions.forEach((q, i) => row([q.id, ...settings.map((s) => show(all.get(s.label)![i]!)), q.question]));
  }
});

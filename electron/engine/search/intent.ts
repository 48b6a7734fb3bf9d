// Query intent → lane weights. A small deterministic extractor reads what a query asks for (an
// action and a target) and its keywords; one rules table says how each intent changes the lane
// weights before fusion. Computed once per query; the answer reports it, so the fusion debugger
// can say "intent: …, weights adjusted because …".
import type { Lane, LaneWeights, SearchIntent } from '../../../shared/search.ts';
import { isStopWord, words } from './terms.ts';
import { roundTo } from '../../../shared/rounding.ts';

type Action = NonNullable<SearchIntent['action']>;
type Target = NonNullable<SearchIntent['target']>;

/** The words that name each action; a query's action is the one named first. */
export const ACTION_WORDS: Record<Action, readonly string[]> = {
  search: ['find', 'search', 'look', 'locate', 'where', 'list', 'show', 'lookup'],
  create: ['create', 'add', 'write', 'new', 'make', 'generate', 'draft', 'scaffold'],
  fix: ['fix', 'debug', 'error', 'bug', 'broken', 'fails', 'failing', 'failed', 'crash', 'exception', 'repair', 'resolve'],
  explain: ['explain', 'why', 'how', 'what', 'describe', 'understand', 'meaning', 'overview'],
  compare: ['compare', 'comparison', 'versus', 'vs', 'difference', 'differences', 'differ', 'tradeoff', 'tradeoffs'],
};

/** The words that name each target; a query's target is the one named first. */
export const TARGET_WORDS: Record<Target, readonly string[]> = {
  code: [
    'code',
    'function',
    'method',
    'class',
    'module',
    'api',
    'typescript',
    'javascript',
    'python',
    'compile',
    'stacktrace',
    'import',
    'variable',
    'snippet',
  ],
  database: ['database', 'db', 'sql', 'sqlite', 'postgres', 'mysql', 'table', 'schema', 'migration', 'index', 'fts5'],
  git: ['git', 'commit', 'branch', 'merge', 'rebase', 'diff', 'pull', 'push', 'repository', 'repo'],
  config: ['config', 'configuration', 'setting', 'settings', 'env', 'environment', 'option', 'options', 'flag', 'yaml', 'toml'],
  knowledge: ['doc', 'docs', 'documentation', 'guide', 'notes', 'note', 'wiki', 'concept', 'concepts', 'design', 'decision', 'decisions', 'reference'],
};

/**
 * camelCase (two lowercase letters first, so gene names like mRNA or iPSC are not code), snake_case, dotted.names or a call `name(`: words a person does not type in prose,
 * so a query holding one is about code whatever else it says.
 */
const IDENTIFIER = /\b(?:[a-z]{2,}[A-Z][a-z][A-Za-z0-9]*|[A-Za-z]+_[A-Za-z0-9_]+|[A-Za-z]\w*\.[A-Za-z]\w*(?:\.\w+)*|[A-Za-z_]\w*\(\))/;

export interface IntentRule {
  /** The rule fires when every field it names matches the query's intent. */
  when: { action?: Action; target?: Target };
  factors: Partial<Record<Lane, number>>;
  because: string;
}

/**
 * The rules table: how each intent changes the lane weights. Every rule that fires multiplies
 * the weights of its lanes; the answer names the rules in `because`.
 */
export const INTENT_RULES: readonly IntentRule[] = [
  { when: { target: 'code' }, factors: { lexical: 1.5, token: 1.5 }, because: 'code-like target: identifiers match exactly' },
  { when: { target: 'database' }, factors: { lexical: 1.3, token: 1.2 }, because: 'database target: table and column names match exactly' },
  { when: { target: 'git' }, factors: { lexical: 1.3 }, because: 'git target: commands and branch names match exactly' },
  { when: { target: 'config' }, factors: { lexical: 1.2, token: 1.5 }, because: 'config target: setting keys are exact names' },
  {
    when: { target: 'knowledge' },
    factors: { semantic: 1.5, graph: 2 },
    because: 'knowledge target: notes say it in other words, and the answer is often a link away',
  },
  { when: { action: 'explain' }, factors: { semantic: 1.3 }, because: 'explain: the answer is phrased unlike the question' },
  { when: { action: 'fix' }, factors: { lexical: 1.3 }, because: 'fix: error messages match literally' },
];

/** The first of `table`'s entries whose words occur in the query, by position in the query. */
function firstNamed<T extends string>(ws: string[], table: Record<T, readonly string[]>): T | null {
  for (const w of ws) for (const [name, list] of Object.entries(table) as [T, readonly string[]][]) if (list.includes(w)) return name;
  return null;
}

export function extractIntent(query: string): SearchIntent {
  const ws = words(query);
  const action = firstNamed(ws, ACTION_WORDS);
  const target = IDENTIFIER.test(query) ? 'code' : firstNamed(ws, TARGET_WORDS);
  const keywords = [...new Set(ws.filter((w) => !isStopWord(w)))];
  const adjusted: Partial<Record<Lane, number>> = {};
  const reasons: string[] = [];
  for (const rule of INTENT_RULES) {
    if (rule.when.action !== undefined && rule.when.action !== action) continue;
    if (rule.when.target !== undefined && rule.when.target !== target) continue;
    for (const [lane, f] of Object.entries(rule.factors) as [Lane, number][]) adjusted[lane] = roundTo((adjusted[lane] ?? 1) * f, 6);
    reasons.push(rule.because);
  }
  return { action, target, keywords, adjusted, because: reasons.join('; ') };
}

/** The weights fused with: each lane's weight times its intent factor. */
export function applyIntent(weights: LaneWeights, intent: SearchIntent | null): LaneWeights {
  if (!intent) return weights;
  const out = { ...weights };
  for (const [lane, f] of Object.entries(intent.adjusted) as [Lane, number][]) out[lane] = Math.min(MAX_WEIGHT, roundTo(out[lane] * f, 6));
  return out;
}

/** The request schema's largest lane weight. */
const MAX_WEIGHT = 100;

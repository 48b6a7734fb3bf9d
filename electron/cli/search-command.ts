// `cairn search`: the search contract on the command line, with each lane's rank shown.
import { describeLaneStatus, LANES, type Lane, type LaneWeights, type SearchResponse } from '../../shared/search.ts';
import { parseRequest } from '../../shared/dispatch.ts';
import { COMMON_OPTIONS, numberOption, parse, UsageError } from './args.ts';
import { printNotice } from './output.ts';
import { ensureIndexed, openSession } from './session.ts';

export const SEARCH_OPTIONS = {
  ...COMMON_OPTIONS,
  mode: { type: 'string', default: 'hybrid' },
  k: { type: 'string' },
  weights: { type: 'string' },
  fusion: { type: 'string' },
  'rrf-k': { type: 'string' },
  tag: { type: 'string', multiple: true },
  agent: { type: 'string' },
  scope: { type: 'string' },
  tier: { type: 'string', multiple: true },
  path: { type: 'string' },
  after: { type: 'string' },
  before: { type: 'string' },
  intent: { type: 'string' },
  mmr: { type: 'string' },
  reranker: { type: 'string' },
  rerank: { type: 'string' },
} as const;

/** `lexical=1.5,semantic=2,token=0.75,graph=0.2` (any subset) to weights, or a message naming what is wrong. */
export function parseWeights(text: string | undefined): Partial<LaneWeights> | undefined {
  if (text === undefined) return undefined;
  const out: Partial<LaneWeights> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z]+)\s*=\s*([0-9]*\.?[0-9]+)$/.exec(part);
    if (!m) throw new UsageError(`--weights: "${part}" is not lane=number (e.g. lexical=1.5,semantic=2,token=0.75,graph=0.2)`);
    if (!(LANES as readonly string[]).includes(m[1]!)) throw new UsageError(`--weights: unknown lane "${m[1]}"; lanes are ${LANES.join(', ')}`);
    out[m[1] as Lane] = Number(m[2]);
  }
  if (Object.keys(out).length === 0) throw new UsageError('--weights is empty; e.g. --weights lexical=1.5,semantic=2,token=0.75,graph=0.2');
  return out;
}

/** --intent on|off: absent leaves the request's default. */
export function onOff(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`--${name} must be on or off, got "${value}"`);
}

/** --mmr LAMBDA (0..1) turns the diversity step on. */
export function mmrOption(value: string | undefined): { lambda: number } | undefined {
  if (value === undefined) return undefined;
  const lambda = Number(value);
  if (!Number.isFinite(lambda) || lambda < 0 || lambda > 1) throw new UsageError(`--mmr must be a lambda between 0 and 1, got "${value}"`);
  return { lambda };
}

export async function runSearch(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, SEARCH_OPTIONS);
  if (positionals.length !== 1) throw new UsageError('cairn search takes one quoted query, e.g. cairn search "token refresh"');
  // parsed once, here at the door, before any indexing: a bad flag is refused at once, naming the
  // field as the contract does; the engine then takes the parsed request
  const request = parseRequest('search', {
    query: positionals[0]!,
    mode: values.mode,
    k: numberOption(values.k, 'k'),
    weights: parseWeights(values.weights),
    fusion: values.fusion,
    rrfK: numberOption(values['rrf-k'], 'rrf-k'),
    intent: onOff(values.intent, 'intent'),
    mmr: mmrOption(values.mmr),
    rerank: onOff(values.rerank, 'rerank'),
    filters: {
      tags: values.tag,
      agent: values.agent,
      scope: values.scope,
      tier: values.tier,
      pathPrefix: values.path,
      updatedAfter: values.after,
      updatedBefore: values.before,
    },
  });
  const engine = await openSession({ db: values.db, model: values.model, reranker: values.reranker });
  try {
    await ensureIndexed(engine);
    // lexical and token search need no model: loading it is a third of a cold start
    if (request.mode === 'hybrid' || request.mode === 'semantic') await engine.loadModel();
    const response = await engine.search(request);
    printNotice(response.index);
    process.stdout.write(values.json ? `${JSON.stringify(response, null, 2)}\n` : searchText(response));
    return 0;
  } finally {
    await engine.close();
  }
}

function searchText(r: SearchResponse): string {
  const lanes = Object.entries(r.lanes).map(([lane, s]) => `${lane} ${describeLaneStatus(s)} (${s.ms} ms, weight ${s.weight})`);
  const head = `${r.mode} search, ${r.fusion}${r.fusion === 'rrf' ? ` k=${r.rrfK}` : ''}, model ${r.model ?? 'none'}: ${lanes.join('; ')}\n`;
  const steps = [
    r.intent &&
      `intent: ${[r.intent.action, r.intent.target].filter(Boolean).join(' · ') || 'none recognized'}; ${r.intent.because ? `weights adjusted because ${r.intent.because}` : 'weights unchanged'}\n`,
    r.mmr && `MMR lambda ${r.mmr.lambda} over the fused top ${r.mmr.pool}\n`,
    r.rerank &&
      `reranker ${r.rerank.model}: ${r.rerank.state === 'ok' ? `ordered the fused top ${r.rerank.candidates} (${r.rerank.ms} ms)` : `${r.rerank.state}, fused order kept: ${r.rerank.message}`}\n`,
  ]
    .filter(Boolean)
    .join('');
  if (r.results.length === 0) return `${head}${steps}${r.notice?.message ?? 'no results'}\n`;
  const rows = r.results.map((res, i) => {
    const ranks = (Object.keys(r.lanes) as Lane[]).map((l) => `${l[0]!.toUpperCase()}${res.lanes[l]?.rank ?? '-'}`).join(' ');
    const moved = res.mmr ?? res.rerank;
    const was = moved && moved.fusedRank !== i + 1 ? ` (${res.mmr ? 'MMR' : 'reranked'}: was ${moved.fusedRank})` : '';
    return `${String(i + 1).padStart(2)}. ${res.score.toFixed(4)}  ${ranks.padEnd(14)}${was} ${res.title}  (${res.path}${res.heading ? ` § ${res.heading}` : ''})${res.always ? '  [always]' : ''}\n      ${res.snippet}`;
  });
  return `${head}${steps}${rows.join('\n')}\n`;
}

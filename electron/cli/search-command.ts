// `cairn search`: the search contract on the command line, with each lane's rank shown.
import { describeLaneStatus, LANES, type Lane, type LaneWeights, type SearchResponse } from '../../shared/search.ts';
import { parseRequest } from '../../shared/dispatch.ts';
import { COMMON_OPTIONS, numberOption, parse, UsageError } from './args.ts';
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
} as const;

/** `lexical=1.5,semantic=2,token=0.75` (any subset) to weights, or a message naming what is wrong. */
export function parseWeights(text: string | undefined): Partial<LaneWeights> | undefined {
  if (text === undefined) return undefined;
  const out: Partial<LaneWeights> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z]+)\s*=\s*([0-9]*\.?[0-9]+)$/.exec(part);
    if (!m) throw new UsageError(`--weights: "${part}" is not lane=number (e.g. lexical=1.5,semantic=2,token=0.75)`);
    if (!(LANES as readonly string[]).includes(m[1]!)) throw new UsageError(`--weights: unknown lane "${m[1]}"; lanes are ${LANES.join(', ')}`);
    out[m[1] as Lane] = Number(m[2]);
  }
  if (Object.keys(out).length === 0) throw new UsageError('--weights is empty; e.g. --weights lexical=1.5,semantic=2,token=0.75');
  return out;
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
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    // lexical and token search need no model: loading it is a third of a cold start
    if (request.mode === 'hybrid' || request.mode === 'semantic') await engine.loadModel();
    const response = await engine.engine.search(request);
    process.stdout.write(values.json ? `${JSON.stringify(response, null, 2)}\n` : searchText(response));
    return 0;
  } finally {
    engine.close();
  }
}

function searchText(r: SearchResponse): string {
  const lanes = Object.entries(r.lanes).map(([lane, s]) => `${lane} ${describeLaneStatus(s)} (${s.ms} ms, weight ${s.weight})`);
  const head = `${r.mode} search, ${r.fusion}${r.fusion === 'rrf' ? ` k=${r.rrfK}` : ''}, model ${r.model ?? 'none'}: ${lanes.join('; ')}\n`;
  if (r.results.length === 0) return `${head}${r.notice?.message ?? 'no results'}\n`;
  const rows = r.results.map((res, i) => {
    const ranks = (Object.keys(r.lanes) as Lane[]).map((l) => `${l[0]!.toUpperCase()}${res.lanes[l]?.rank ?? '-'}`).join(' ');
    return `${String(i + 1).padStart(2)}. ${res.score.toFixed(4)}  ${ranks.padEnd(14)} ${res.title}  (${res.path}${res.heading ? ` § ${res.heading}` : ''})${res.always ? '  [always]' : ''}\n      ${res.snippet}`;
  });
  return `${head}${rows.join('\n')}\n`;
}

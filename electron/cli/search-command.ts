// `cairn search`: the search contract on the command line, with each lane's rank shown.
import { LANES, MODES, type Lane, type LaneWeights, type SearchResponse } from '../../shared/search.ts';
import { COMMON_OPTIONS, intOption, parse, UsageError } from './args.ts';
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

export function checkedMode(mode: string): (typeof MODES)[number] {
  if (!(MODES as readonly string[]).includes(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}, got "${mode}"`);
  return mode as (typeof MODES)[number];
}

export function checkedFusion(fusion: string | undefined): 'rrf' | 'convex' | undefined {
  if (fusion !== undefined && fusion !== 'rrf' && fusion !== 'convex') throw new UsageError(`--fusion must be rrf or convex, got "${fusion}"`);
  return fusion;
}

export async function runSearch(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, SEARCH_OPTIONS);
  if (positionals.length !== 1) throw new UsageError('cairn search takes one quoted query, e.g. cairn search "token refresh"');
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const mode = checkedMode(values.mode);
    // lexical and token search need no model: loading it is a third of a cold start
    if (mode === 'hybrid' || mode === 'semantic') await engine.loadModel();
    const response = await engine.search({
      query: positionals[0]!,
      mode,
      k: intOption(values.k, 'k', 1, 200),
      weights: parseWeights(values.weights),
      fusion: checkedFusion(values.fusion),
      rrfK: intOption(values['rrf-k'], 'rrf-k', 1, 10_000),
      filters: {
        tags: values.tag,
        agent: values.agent,
        scope: values.scope as 'global' | 'user' | undefined,
        tier: values.tier as ('wiki' | 'doc' | 'reflection' | 'raw')[] | undefined,
        pathPrefix: values.path,
        updatedAfter: values.after,
        updatedBefore: values.before,
      },
    });
    process.stdout.write(values.json ? `${JSON.stringify(response, null, 2)}\n` : searchText(response));
    return 0;
  } finally {
    engine.close();
  }
}

function searchText(r: SearchResponse): string {
  const lanes = Object.entries(r.lanes).map(([lane, s]) => `${lane} ${s.status} (${s.ms} ms, weight ${s.weight})`);
  const head = `${r.mode} search, ${r.fusion}${r.fusion === 'rrf' ? ` k=${r.rrfK}` : ''}, model ${r.model ?? 'none'}: ${lanes.join('; ')}\n`;
  if (r.results.length === 0) return `${head}${r.notice ?? 'no results'}\n`;
  const rows = r.results.map((res, i) => {
    const ranks = (Object.keys(r.lanes) as Lane[]).map((l) => `${l[0]!.toUpperCase()}${res.lanes[l]?.rank ?? '-'}`).join(' ');
    return `${String(i + 1).padStart(2)}. ${res.score.toFixed(4)}  ${ranks.padEnd(14)} ${res.title}  (${res.path}${res.heading ? ` § ${res.heading}` : ''})${res.always ? '  [always]' : ''}\n      ${res.snippet}`;
  });
  return `${head}${rows.join('\n')}\n`;
}

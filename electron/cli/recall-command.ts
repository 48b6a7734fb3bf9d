// `cairn recall KEY | --query "TEXT"`: the connected set around a page or a query's top hits, 1–3
// steps out, each page with the path that reached it; the contract's recall, as wiki_related and
// a page's Recall tab ask it.
import type { RecallPage, RecallWalkResponse } from '../../shared/graph.ts';
import { COMMON_OPTIONS, numberOption, parse, UsageError } from './args.ts';
import { ensureIndexed, openSession } from './session.ts';

export async function runRecall(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    query: { type: 'string', short: 'q' },
    hops: { type: 'string' },
    limit: { type: 'string' },
    agent: { type: 'string' },
  });
  if (values.query !== undefined && positionals.length)
    throw new UsageError(`say one seed: a page KEY or --query "TEXT" (got both: ${positionals.join(' ')} and --query)`);
  if (values.query === undefined && positionals.length !== 1)
    throw new UsageError(
      positionals.length
        ? `cairn recall takes one page key (got ${positionals.join(' ')}); quote a query with --query "TEXT"`
        : 'name a page KEY or a --query "TEXT" to recall from',
    );
  if (values.query !== undefined && values.agent !== undefined)
    throw new UsageError('--agent goes with a page KEY (whose copy that agent sees), not with --query');
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const r = await engine.recall({
      seed: values.query !== undefined ? { query: values.query } : { key: positionals[0]!, agent: values.agent ?? null },
      hops: numberOption(values.hops, 'hops'),
      limit: numberOption(values.limit, 'limit'),
    });
    process.stdout.write(values.json ? `${JSON.stringify(r, null, 2)}\n` : listing(r, values.query));
    return 0;
  } finally {
    await engine.close();
  }
}

/** One line a page: its distance, its key, and the path that reached it. */
export function listing(r: RecallWalkResponse, query: string | undefined): string {
  if (!r.pages.length) return `nothing to recall: no page matches "${query ?? ''}"\n`;
  const width = Math.max(...r.pages.map((p) => p.key.length));
  const lines = r.pages.map((p) => `${String(p.distance).padStart(2)}  ${p.key.padEnd(width)}  ${p.distance === 0 ? '(seed)' : pathText(p)}`.trimEnd());
  if (r.truncated) lines.push('more pages within the hops than --limit: the farthest were left out');
  return `${lines.join('\n')}\n`;
}

/** `seed -link-> a -concept(word)-> b`: each step named by its edge, a concept step by its concept too. */
export function pathText(p: RecallPage): string {
  if (!p.via.length) return p.key;
  const parts = [p.via[0]!.from];
  p.via.forEach((s, i) => parts.push(`-${s.edge}${s.edge === 'concept' && s.concept ? `(${s.concept})` : ''}->`, p.via[i + 1]?.from ?? p.key));
  return parts.join(' ');
}

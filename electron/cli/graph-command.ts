// `cairn graph`: the reference graph, around a page or whole, as JSON or GraphML for other tools,
// or as a summary; the same contract method the Graph view draws.
import type { GraphResponse } from '../../shared/graph.ts';
import { COMMON_OPTIONS, numberOption, parse, UsageError } from './args.ts';
import { toGraphml } from './graphml.ts';
import { ensureIndexed, openSession } from './session.ts';

export async function runGraph(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    around: { type: 'string' },
    depth: { type: 'string' },
    agent: { type: 'string' },
    limit: { type: 'string' },
    graphml: { type: 'boolean', default: false },
    concepts: { type: 'boolean', default: false },
  });
  if (positionals.length > 0) throw new UsageError(`cairn graph takes no arguments (got ${positionals.join(' ')}); name a page with --around KEY`);
  if (values.json && values.graphml) throw new UsageError('say one format: --json or --graphml');
  if (!values.around && (values.depth !== undefined || values.agent !== undefined)) throw new UsageError('--depth and --agent need --around KEY');
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const graph = await engine.graph({
      around: values.around ? { key: values.around, agent: values.agent ?? null } : null,
      depth: numberOption(values.depth, 'depth'),
      limit: numberOption(values.limit, 'limit'),
      // off by default: mentions can outnumber links several times (interconnected-10k: 401,796 to 189,172),
      // and scripts reading --json or --graphml expect the link graph
      concepts: values.concepts,
    });
    if (values.graphml) process.stdout.write(toGraphml(graph));
    else if (values.json) process.stdout.write(`${JSON.stringify(graph, null, 2)}\n`);
    else process.stdout.write(summary(graph));
    return 0;
  } finally {
    await engine.close();
  }
}

function summary(g: GraphResponse): string {
  const count = (type: string) => g.nodes.filter((n) => n.type === type).length;
  const byKind = new Map<string, number>();
  for (const e of g.edges) byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + 1);
  const centre = g.nodes.find((n) => n.id === g.centre);
  return [
    centre ? `around ${centre.key} (${centre.path})` : 'the whole wiki',
    `${count('page')} pages, ${count('attachment')} attachments, ${count('source')} sources, ${count('missing')} missing targets${count('concept') ? `, ${count('concept')} concepts` : ''}`,
    `${g.edges.length} edges: ${[...byKind].map(([k, n]) => `${n} ${k}`).join(', ') || 'none'}`,
    ...(g.truncated ? ['more pages than --limit: some were left out'] : []),
    'as data: --json, or --graphml for Gephi, yEd or networkx; --concepts adds the concepts pages mention',
    '',
  ].join('\n');
}

// Recall around a page, or around a query's top hits: the pages within 1–3 steps (links either way,
// shared concepts, dated notes that follow each other), each with the path that reached it, listed
// next to the subgraph those paths draw. Loaded lazily with the graph drawing.
import { useMemo } from 'react';
import type { GraphColumns, GraphEdgeKind, GraphNode, RecallPage, RecallWalkResponse } from '../../shared/graph.ts';
import { cairn } from '../api/client.ts';
import { addressOf, navigate, pageHref, requestName, screenHref, type PageRequest } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { DepthSwitch } from './DepthSwitch.tsx';
import { GraphExplorer } from './GraphExplorer.tsx';
import { graphModel } from './graph-model.ts';

export type RecallSeed = PageRequest | { query: string };

export interface RecallViewProps {
  seed: RecallSeed;
  hops: number;
  onHops: (hops: number) => void;
}

export default function RecallView({ seed, hops, onHops }: RecallViewProps) {
  const { generation } = useStatus();
  const agent = 'query' in seed ? null : seed.agent;
  const request = `recall:${'query' in seed ? `?${seed.query}` : requestName(seed)}:${hops}`;
  const loaded = useAsync(() => cairn.recall({ seed, hops }).then((recall) => ({ request, recall })), [request, generation]);
  const model = useMemo(() => (loaded.value ? graphModel(asGraph(loaded.value.recall)) : null), [loaded.value]);
  if (loaded.error && !model) return <ErrorNote message={loaded.error} onRetry={loaded.reload} />;
  if (!model || !loaded.value) return <div className="graph-view muted">Recalling…</div>;
  const { recall } = loaded.value;
  const open = (node: GraphNode) => {
    if (node.type === 'concept') navigate(screenHref('search', { q: node.key }));
    else navigate(pageHref(addressOf(node), { agent, tab: 'recall', depth: hops }));
  };
  return (
    <div className="recall-layout">
      <section className="recall-list" aria-label="Recalled pages">
        <p className="muted">
          {recall.pages.length} page{recall.pages.length === 1 ? '' : 's'} within {hops} step{hops === 1 ? '' : 's'}
          {recall.truncated && ' (the nearest)'}
          {'query' in seed && ` of the top hits for “${seed.query}”`}
        </p>
        {recall.pages.length === 0 && <p className="muted">No page matches “{'query' in seed ? seed.query : requestName(seed)}”: try other words.</p>}
        <ol>
          {recall.pages.map((p) => (
            <li key={`${p.root}/${p.path}`} data-recall={p.key} data-distance={p.distance}>
              <a href={pageHref(p, { agent })}>{p.title}</a>{' '}
              <span className="muted">· {p.distance === 0 ? 'seed' : `${p.distance} step${p.distance === 1 ? '' : 's'}`}</span>
              {p.via.length > 0 && <div className="recall-path muted">{pathText(p)}</div>}
            </li>
          ))}
        </ol>
      </section>
      <GraphExplorer key={loaded.value.request} request={loaded.value.request} model={model} onOpen={open}>
        <DepthSwitch depth={hops} onChange={onHops} />
      </GraphExplorer>
    </div>
  );
}

/** "seed → [[a]] → concept X → b": the steps that reached a page. */
export function pathText(p: RecallPage): string {
  const parts = p.via.length ? [p.via[0]!.from] : [];
  p.via.forEach((s, i) => {
    const to = p.via[i + 1]?.from ?? p.key;
    if (s.edge === 'concept') parts.push(`concept ${s.concept}`, to);
    else if (s.edge === 'link') parts.push(`[[${to}]]`);
    else if (s.edge === 'backlink') parts.push(`${to} (links here)`);
    else parts.push(`${to} (follows)`);
  });
  return parts.join(' → ');
}

/** The recalled set as a graph the explorer draws: pages, the concepts paths go through, one edge per step (links in their own direction). */
function asGraph(r: RecallWalkResponse): GraphColumns {
  const nodes: GraphNode[] = [];
  const at = new Map<string, number>();
  const node = (id: string, type: 'page' | 'concept', key: string, title: string, path: string | null, root: string | null, depth: number | null) => {
    if (!at.has(id))
      at.set(id, nodes.push({ id, type, key, path, root, title, tags: [], tier: null, scope: null, stale: false, archived: false, missing: false, depth }) - 1);
    return at.get(id)!;
  };
  for (const p of r.pages) node(`p:${p.key}`, 'page', p.key, p.title, p.path, p.root, p.distance);
  const kinds: GraphEdgeKind[] = ['wikilink', 'mentions'];
  const edges: GraphColumns['edges'] = { ends: [], kind: [], kinds };
  const edge = (source: number, target: number, kind: GraphEdgeKind) => {
    edges.ends.push(source, target);
    edges.kind.push(kinds.indexOf(kind));
  };
  for (const e of r.edges) {
    const [s, t] = [at.get(`p:${e.source}`), at.get(`p:${e.target}`)];
    if (s === undefined || t === undefined) continue;
    if (e.edge === 'concept') {
      const c = node(`c:${e.concept}`, 'concept', e.concept ?? '', e.concept ?? '', null, null, null);
      edge(s, c, 'mentions');
      edge(t, c, 'mentions');
    } else if (e.edge === 'backlink') edge(t, s, 'wikilink');
    else edge(s, t, 'wikilink');
  }
  const seed = r.pages.find((p) => p.distance === 0);
  return { centre: seed ? at.get(`p:${seed.key}`)! : -1, nodes, edges, truncated: r.truncated };
}

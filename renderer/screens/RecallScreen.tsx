// Recall around a query: the pages the query's top three hits lead to, 1–3 steps out, each with
// the path that reached it, beside the subgraph. Reached from the search results ("Recall around
// these results"); a page's own Recall tab starts from that page instead.
import { Suspense } from 'react';
import { lazyView } from '../app/lazy-view.ts';
import { depthParam, navigate, screenHref } from '../app/route.ts';
import { EmptyState } from '../components/EmptyState.tsx';

const RecallView = lazyView(() => import('../graph/RecallView.tsx'));

export function RecallScreen({ params }: { params: URLSearchParams }) {
  const query = (params.get('q') ?? '').trim();
  // two steps unless the address says otherwise, as on a page's Recall tab
  const hops = params.has('depth') ? depthParam(params) : 2;
  return (
    <div className="screen recall-screen">
      <header className="screen-head">
        <h1>{query ? <>Recall around “{query}”</> : 'Recall'}</h1>
        <p className="muted">
          What the best hits for a query lead to: linked pages either way, pages sharing a concept, dated notes that follow each other. Each page says how it
          was reached.
        </p>
      </header>
      {query ? (
        <Suspense fallback={<div className="graph-view muted">Loading…</div>}>
          <RecallView seed={{ query }} hops={hops} onHops={(d) => navigate(screenHref('recall', { q: query, depth: String(d) }), { replace: true })} />
        </Suspense>
      ) : (
        <EmptyState title="Recall starts from a query">
          Search for something, then choose <em>Recall around these results</em> above the results.
        </EmptyState>
      )}
    </div>
  );
}

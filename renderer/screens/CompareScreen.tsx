// Two modes side by side for the same query (#/compare?q=…&left=hybrid&right=lexical).
import type { Mode } from '../../shared/search.ts';
import { navigate, screenHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { CompareColumn } from '../components/CompareColumn.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { parseMode, queryParams, readQueryState, searchRequest } from '../search/query-state.ts';
import { useSearch } from '../search/useSearch.ts';

export function CompareScreen({ params }: { params: URLSearchParams }) {
  const state = readQueryState(params);
  const left = parseMode(params.get('left'), 'hybrid');
  const right = parseMode(params.get('right'), 'lexical');
  const { status } = useStatus();
  const go = (patch: { q?: string; left?: Mode; right?: Mode }) =>
    navigate(screenHref('compare', { ...queryParams({ ...state, q: patch.q ?? state.q }), left: patch.left ?? left, right: patch.right ?? right }), {
      replace: true,
    });
  const a = useSearch(searchRequest(state, left));
  const b = useSearch(searchRequest(state, right));
  return (
    <div className="screen compare-screen">
      <header className="screen-head">
        <SearchBox
          value={state.q}
          onChange={(q) => go({ q })}
          placeholder={status ? `Compare modes on ${status.pages} pages…` : 'Compare modes…'}
          busy={a.loading || b.loading}
        />
        <p className="muted small">The same query in two modes; “#3 there” is where the other side ranked the page.</p>
      </header>
      {state.q.trim() === '' ? (
        <EmptyState title="Type a query to compare two modes side by side" icon="⇆">
          <p>For example Combined against Keywords shows what meaning, word-overlap and linked-pages search add.</p>
        </EmptyState>
      ) : (
        <div className="compare-grid">
          <CompareColumn side="left" mode={left} onMode={(m) => go({ left: m })} response={a.response} error={a.error} other={b.response} />
          <CompareColumn side="right" mode={right} onMode={(m) => go({ right: m })} response={b.response} error={b.error} other={a.response} />
        </div>
      )}
    </div>
  );
}

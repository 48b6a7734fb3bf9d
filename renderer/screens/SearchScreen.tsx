// Search: type, pick a mode and filters, and see which lanes found every result; open one's full
// explanation (or every one's: "Lane tables") to see why it ranked where it did. The fusion panel
// re-ranks the answer live. The query, the toggle and the sliders' changes live in the URL
// (#/search?q=…&tables=on&w=graph:0).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Mode, SearchNotice } from '../../shared/search.ts';
import { navigate, pageHref, screenHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { FusionPanel } from '../components/FusionPanel.tsx';
import { LaneLegend } from '../components/LaneLegend.tsx';
import { RerankLegend } from '../components/RerankLegend.tsx';
import { LaneNotices } from '../components/LaneNotices.tsx';
import { ModeSwitch } from '../components/ModeSwitch.tsx';
import { ResultList } from '../components/ResultList.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { SearchFilters } from '../components/SearchFilters.tsx';
import { SearchStart } from '../search/SearchStart.tsx';
import { useListKeys } from '../hooks/useListKeys.ts';
import { activeFilterCount, queryParams, readQueryState, searchRequest, type QueryState } from '../search/query-state.ts';
import { changesFrom, defaultLens, lensWith, sameLens, throughLens, type FusionLens } from '../search/lens.ts';
import { useExplained } from '../search/useExplained.ts';
import { useModesThatFind, PROBE_K, type ModeFinding } from '../search/useModesThatFind.ts';
import { useSearch } from '../search/useSearch.ts';
import { FUSION_LABEL, FUSION_TERM, modeLabel, modeTooltip } from '../search/words.ts';

export function SearchScreen({ params }: { params: URLSearchParams }) {
  const state = readQueryState(params);
  const update = useCallback(
    (patch: Partial<QueryState>) => navigate(screenHref('search', queryParams({ ...readQueryState(params), ...patch })), { replace: true }),
    [params],
  );
  const [filtersOpen, setFiltersOpen] = useState(activeFilterCount(state) > 0);
  const { response, error, loading } = useSearch(searchRequest(state));
  const empty = response !== null && response.results.length === 0 && response.query === state.q;
  const elsewhere = useModesThatFind(empty ? searchRequest(state, response.mode) : null);
  const { status } = useStatus();

  const defaults = response ? defaultLens(response) : null;
  const lens = defaults && lensWith(defaults, state.lens);
  const custom = lens && defaults && !sameLens(lens, defaults) ? lens : null;
  // the engine's order (MMR included) until a slider moves; re-ranked again only when the lens does
  const lensKey = JSON.stringify(custom);
  const ranked = useMemo(() => (response ? throughLens(response.results, custom) : []), [response, lensKey]);

  const [selected, setSelected] = useState(0);
  useEffect(() => setSelected(0), [response]);
  const { explained, flip } = useExplained(state.tables, response);
  const open = useCallback(
    (i: number) => {
      const r = ranked[i];
      if (r) navigate(pageHref(r, { heading: r.heading, agent: r.scope.agent }));
    },
    [ranked],
  );
  const details = useCallback((i: number) => ranked[i] && flip(ranked[i]), [ranked, flip]);
  const onKeyDown = useListKeys(ranked.length, selected, setSelected, { open, details });

  const setLens = (next: FusionLens) => defaults && update({ lens: changesFrom(defaults, next) });
  const pages = status?.pages;

  return (
    <div className="screen search-screen">
      <header className="screen-head search-head">
        <SearchBox
          value={state.q}
          onChange={(q) => update({ q })}
          onKeyDown={onKeyDown}
          busy={loading}
          placeholder={pages !== undefined ? `Search ${pages} pages…` : 'Search the wiki…'}
        />
        <div className="toolbar">
          <ModeSwitch value={state.mode} onChange={(mode: Mode) => update({ mode })} />
          <button
            type="button"
            className={filtersOpen ? 'button ghost on' : 'button ghost'}
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            Filters{activeFilterCount(state) > 0 ? ` (${activeFilterCount(state)})` : ''}
          </button>
          <button
            type="button"
            className={state.tables ? 'button ghost on' : 'button ghost'}
            aria-pressed={state.tables}
            title="Every result's score, contribution bar and lane table; Shift+Enter opens the selected result's alone"
            onClick={() => update({ tables: !state.tables })}
          >
            Lane tables
          </button>
          <a className="button ghost" href={screenHref('compare', { q: state.q || undefined })}>
            Compare modes
          </a>
        </div>
        {filtersOpen && <SearchFilters state={state} onChange={update} />}
      </header>
      <div className="search-body">
        <section className="results-pane" aria-label="Search results">
          {error ? (
            <ErrorNote message={error} />
          ) : !response ? (
            state.q.trim() === '' ? (
              <SearchStart status={status} onQuery={(q) => update({ q })} />
            ) : (
              <p className="muted searching">Searching…</p>
            )
          ) : (
            <>
              <LaneNotices lanes={response.lanes} found={response.results.length} />
              {response.results.length === 0 ? (
                <NoResults
                  query={response.query}
                  notice={response.notice}
                  mode={response.mode}
                  elsewhere={elsewhere}
                  filtered={activeFilterCount(state) > 0}
                  onMode={(mode) => update({ mode })}
                  onClear={() => update({ tags: [], scope: 'all', tier: [] })}
                />
              ) : (
                <>
                  <p className="results-summary" aria-live="polite">
                    <span className="results-count" title={`${response.results.length} results for “${response.query}”`}>
                      <strong>{response.results.length}</strong> result{response.results.length === 1 ? '' : 's'} for “{response.query}” ·{' '}
                      <span title={modeTooltip(response.mode)}>{modeLabel(response.mode)}</span> ·{' '}
                      <span title={FUSION_TERM[lens!.fusion]}>{FUSION_LABEL[lens!.fusion]}</span> · {response.ms.toFixed(1)} ms
                    </span>
                    {custom && <span className="badge relens">re-ranked by the sliders</span>}
                    <a className="button small ghost recall-link" href={screenHref('recall', { q: response.query })}>
                      Recall around these results
                    </a>
                  </p>
                  <ResultList
                    results={ranked}
                    selected={selected}
                    onSelect={setSelected}
                    explained={explained}
                    onExplain={flip}
                    statuses={response.lanes}
                    fusion={lens!.fusion}
                    query={response.query}
                    words={response.words}
                  />
                  <p className="muted small hint">↑ ↓ to move · Enter to open · Shift+Enter to show why it ranked here</p>
                </>
              )}
            </>
          )}
        </section>
        <aside className="fusion-pane">
          {response && lens && defaults ? (
            <FusionPanel
              lens={lens}
              defaults={defaults}
              statuses={response.lanes}
              model={response.model}
              onChange={setLens}
              steps={{
                intent: state.intent,
                mmr: state.mmr,
                rerank: state.rerank,
                onIntent: (intent) => update({ intent }),
                onMmr: (mmr) => update({ mmr }),
                onRerank: (rerank) => update({ rerank }),
              }}
              response={response}
            />
          ) : (
            <section className="panel">
              <h2>Fusion</h2>
              <p className="muted">
                Lane weights, k and the fusion method appear here with the first results; moving them re-ranks the list without searching again.
              </p>
            </section>
          )}
          <section className="panel">
            <h2>Lanes</h2>
            <LaneLegend statuses={response?.lanes ?? {}} />
            {response?.rerank && <RerankLegend status={response.rerank} />}
          </section>
        </aside>
      </div>
    </div>
  );
}

interface NoResultsProps {
  query: string;
  notice: SearchNotice | null;
  mode: Mode;
  /** the other modes that find something; null while they are asked */
  elsewhere: ModeFinding[] | null;
  filtered: boolean;
  onMode: (m: Mode) => void;
  onClear: () => void;
}

/** Nothing found: why, and only the ways out that lead somewhere (a mode that finds pages, the filters). */
function NoResults({ query, notice, mode, elsewhere, filtered, onMode, onClear }: NoResultsProps) {
  const noLane = notice?.kind === 'no-lane-ran';
  const title = noLane
    ? `${modeLabel(mode)} search could not run`
    : elsewhere?.length === 0
      ? `No mode finds “${query}”${filtered ? ' with these filters' : ''}`
      : `${modeLabel(mode)} search finds nothing for “${query}”`;
  return (
    <EmptyState title={title} icon={noLane ? '⊘' : '∅'}>
      {noLane && <p>{notice.message}.</p>}
      {elsewhere === null ? (
        <p className="muted">Asking the other modes…</p>
      ) : elsewhere.length === 0 ? (
        <p>{filtered ? 'Clear the filters, or try other words.' : 'Try fewer or other words.'}</p>
      ) : null}
      <p>
        {elsewhere?.map((f) => (
          <button key={f.mode} type="button" className="button small" title={modeTooltip(f.mode)} onClick={() => onMode(f.mode)}>
            Switch to {modeLabel(f.mode)} ({f.found}
            {f.found === PROBE_K ? '+' : ''} found)
          </button>
        ))}{' '}
        {filtered && (
          <button type="button" className="button small" onClick={onClear}>
            Clear the filters
          </button>
        )}
      </p>
    </EmptyState>
  );
}

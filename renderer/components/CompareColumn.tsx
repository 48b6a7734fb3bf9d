// One side of the compare view: a mode's ranking for the query, each result marked with where
// the other side ranked it.
import type { Mode, SearchResponse } from '../../shared/search.ts';
import { pageHref } from '../app/route.ts';
import { LANES, LANE_LABEL } from '../search/lanes.ts';
import { EmptyState } from './EmptyState.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { LaneNotices } from './LaneNotices.tsx';
import { ModeSwitch } from './ModeSwitch.tsx';

interface Props {
  side: 'left' | 'right';
  mode: Mode;
  onMode: (m: Mode) => void;
  response: SearchResponse | null;
  error: string | null;
  other: SearchResponse | null;
}

export function CompareColumn({ side, mode, onMode, response, error, other }: Props) {
  const otherRank = new Map(other?.results.map((r, i) => [r.key + r.path, i + 1]) ?? []);
  return (
    <section className="compare-column" aria-label={`${side === 'left' ? 'Left' : 'Right'}: ${mode}`} data-side={side} data-mode={mode}>
      <ModeSwitch value={mode} onChange={onMode} name={`mode-${side}`} label={`${side === 'left' ? 'Left' : 'Right'} mode`} />
      {error && <ErrorNote message={error} />}
      {response && <LaneNotices lanes={response.lanes} found={response.results.length} />}
      {response && response.results.length === 0 && <EmptyState title={response.notice?.message ?? 'No page matches'} icon="∅" />}
      {response && response.results.length > 0 && (
        <ol className="compare-list" data-query={response.query}>
          {response.results.map((r, i) => {
            const there = otherRank.get(r.key + r.path);
            const diff = there === undefined ? null : there - (i + 1);
            return (
              <li key={r.key + r.path} data-key={r.key}>
                <span className="rank-number">{i + 1}</span>
                <div className="compare-main">
                  <a href={pageHref(r, { heading: r.heading, agent: r.scope.agent })} className="result-title">
                    {r.title}
                  </a>
                  <div className="result-path">{r.path}</div>
                  <div className="lane-pills">
                    {LANES.map((lane) => {
                      const hit = r.lanes[lane];
                      if (!hit || hit.rank === null) return null;
                      return (
                        <span key={lane} className={`pill lane-border-${lane}`} data-lane={lane} title={`${LANE_LABEL[lane]} rank ${hit.rank}`}>
                          <span className={`dot lane-${lane}`} aria-hidden="true" />
                          {LANE_LABEL[lane]} #{hit.rank}
                        </span>
                      );
                    })}
                  </div>
                </div>
                <span
                  className={there === undefined ? 'elsewhere missing' : diff === 0 ? 'elsewhere same' : 'elsewhere'}
                  title={there === undefined ? `not in the other side's top ${other?.results.length ?? 0}` : `#${there} on the other side`}
                >
                  {there === undefined ? 'only here' : `#${there} there`}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

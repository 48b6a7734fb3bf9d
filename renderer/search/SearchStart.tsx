// What the search screen shows before a query: how results explain themselves, and queries to try
// drawn from the open wiki itself (the titles of the pages most others link to); on an empty wiki,
// no suggestion but what to do to fill it.
import type { Status } from '../../shared/contract.ts';
import { cairn } from '../api/client.ts';
import { FirstRunNote } from '../app/FirstRunGate.tsx';
import { useStatus } from '../app/status-context.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { NoPages } from '../browse/NoPages.tsx';
import { RecentPages } from '../browse/RecentPages.tsx';

/** Suggestions shown: the most linked pages' titles. */
const SUGGESTIONS = 4;

export function SearchStart({ status, onQuery }: { status: Status | null; onQuery: (q: string) => void }) {
  const { generation, firstRun } = useStatus();
  const pages = status?.pages;
  const top = useAsync(() => (pages ? cairn.pages({ order: 'most-linked', limit: SUGGESTIONS }) : Promise.resolve(null)), [generation, pages]);
  if (firstRun) return <FirstRunNote />;
  if (status && pages === 0) return <NoPages roots={status.roots} />;
  const titles = [...new Set(top.value?.pages.map((p) => p.title) ?? [])];
  return (
    <>
      <RecentPages />
      <EmptyState title={pages !== undefined ? `Type to search ${pages} pages` : 'Type to search the wiki'} icon="⌕">
        <p>
          Each result shows where keyword, meaning, word-overlap and linked-page search ranked it; click its lanes, or press Shift+Enter on the selected one, to
          see what each added to its score.
        </p>
        {titles.length > 0 && (
          <p className="examples">
            Try the pages most linked to:{' '}
            {titles.map((t) => (
              <button key={t} type="button" className="chip-button" onClick={() => onQuery(t)}>
                {t}
              </button>
            ))}
          </p>
        )}
      </EmptyState>
    </>
  );
}

// While a wiki's first indexing run goes on, the screens that count or list the whole wiki show how
// far it is instead of what they would find in a half-built index: "This wiki has no pages yet",
// "0 broken links" and "Every link resolves" were all shown on a wiki of 10,000 pages being indexed.
import type { ReactNode } from 'react';
import { EmptyState } from '../components/EmptyState.tsx';
import { IndexingProgress } from '../components/IndexingProgress.tsx';
import { useStatus } from './status-context.tsx';

/** Its children once the wiki's first run has ended; until then, under the screen's title, that run's progress. */
export function FirstRunGate({ title, children }: { title: string; children: ReactNode }) {
  const { firstRun } = useStatus();
  if (!firstRun) return children;
  return (
    <div className="screen">
      <header className="screen-head">
        <h1>{title}</h1>
      </header>
      <FirstRunNote />
    </div>
  );
}

export function FirstRunNote() {
  const { status, progress } = useStatus();
  // a run in another process (a `cairn index` beside this server) sends no progress here: what the index holds so far
  const title = progress ? `Indexing… ${progress.seen} of ${progress.total} files` : `Indexing… ${status?.pages ?? 0} pages so far`;
  return (
    <div className="first-run">
      <EmptyState title={title} icon="◴">
        <p>This wiki is being indexed for the first time: its pages, links and counts show here once the run has ended.</p>
      </EmptyState>
      {progress && <IndexingProgress progress={progress} />}
    </div>
  );
}

// Consolidate old notes: preview how old raw and daily notes would be grouped by the concepts they
// share, each group into one reflection page, then apply it: the pages are written and the notes
// archived (never deleted) through the one logged write path, as `cairn consolidate` does.
import { useState } from 'react';
import { navigate, screenHref } from '../app/route.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { CutoffForm } from '../consolidate/CutoffForm.tsx';
import { GroupCard } from '../consolidate/GroupCard.tsx';
import { SkippedNotes } from '../consolidate/SkippedNotes.tsx';
import { plural, useConsolidation, type ConsolidationRun } from '../consolidate/useConsolidation.ts';

export function ConsolidateScreen({ params }: { params: URLSearchParams }) {
  const [text, setText] = useState(() => params.get('days') ?? '14');
  const run = useConsolidation();
  const last = run.last;
  const preview = (days: number) => {
    navigate(screenHref('consolidate', { days: String(days) }), { replace: true });
    run.preview(days);
  };
  const previewed = last && last.result.dryRun && last.result.groups.length > 0 ? last.days : null;
  return (
    <div className="screen consolidate-screen">
      <header className="screen-head">
        <h1>Consolidate notes</h1>
        <p className="muted">
          Old <code>raw</code> pages and daily notes that share a concept become one <code>reflection</code> page each, made of their most informative
          sentences, every one naming the note and line it came from. The notes are then archived, never deleted. Preview first; Apply writes what the preview
          shows, and every write is in the <a href={screenHref('audit')}>audit log</a>, undoable.
        </p>
      </header>
      <CutoffForm text={text} onText={setText} busy={run.busy} previewed={previewed} onPreview={preview} onApply={run.apply} />
      {run.error && <ErrorNote message={run.error} />}
      {last && <Outcome run={last} />}
    </div>
  );
}

function Outcome({ run: { days, result: r } }: { run: ConsolidationRun }) {
  const notes = r.groups.reduce((n, g) => n + g.notes.length, 0);
  return (
    <section className="consolidation" aria-label={r.dryRun ? 'Preview' : 'Consolidated'} data-dry-run={r.dryRun}>
      {r.groups.length === 0 ? (
        <EmptyState
          title={
            r.skipped.length
              ? `Nothing to consolidate: no two notes older than ${plural(days, 'day')} share a concept`
              : `No raw or daily notes older than ${plural(days, 'day')}: nothing to consolidate`
          }
          icon="✓"
        >
          <p>
            Notes dated before {r.cutoff} that are not archived and not cited by a reflection yet are consolidated; a note is daily when its file or key is
            named by a date, raw when its <code>tier</code> is <code>raw</code>. Try fewer days to take in newer notes.
          </p>
        </EmptyState>
      ) : r.dryRun ? (
        <p className="note" role="status">
          Preview: {plural(r.groups.length, 'reflection page')} from {plural(notes, 'note')} dated before {r.cutoff}. Nothing is written until you apply.
        </p>
      ) : (
        <p className="note done" role="status">
          Wrote {plural(r.groups.length, 'reflection page')} and archived{' '}
          {plural(
            r.groups.reduce((n, g) => n + g.archived.length, 0),
            'note',
          )}
          .
        </p>
      )}
      {r.groups.map((g) => (
        <GroupCard key={g.key} group={g} dryRun={r.dryRun} />
      ))}
      <SkippedNotes skipped={r.skipped} />
    </section>
  );
}

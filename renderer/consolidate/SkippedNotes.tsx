// Old notes consolidation leaves alone, each with why: cited by a reflection already, nothing to
// keep, or no concept in common with another old note.
import { pageHref } from '../app/route.ts';
import type { Consolidation } from './useConsolidation.ts';

export function SkippedNotes({ skipped }: { skipped: Consolidation['skipped'] }) {
  if (!skipped.length) return null;
  return (
    <section className="panel skipped-notes" aria-label="Notes left alone">
      <h2>
        Left alone <span className="count">{skipped.length}</span>
      </h2>
      <ul>
        {skipped.map((s) => (
          <li key={s.key} data-key={s.key}>
            <a href={pageHref(s.key)}>{s.key}</a> <span className="muted">— {s.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

// What marking a stale page reviewed, or archiving it, writes, asked before it is written like every
// other write in the app: the one frontmatter line, today's date, and the file it goes into.
import { todayUtc } from '../../shared/clock.ts';
import type { StalePage } from '../../shared/page.ts';
import type { Confirmation } from '../components/ConfirmDialog.tsx';

export type StaleWrite = 'review' | 'archive';

export function staleWriteConfirmation(p: StalePage, what: StaleWrite, run: () => void): Confirmation {
  const line = `${what === 'review' ? 'reviewed' : 'archived_since'}: ${todayUtc()}`;
  return {
    title: what === 'review' ? `Mark “${p.title}” reviewed?` : `Archive “${p.title}”?`,
    body: (
      <>
        <p>
          Writes <code>{line}</code> into the frontmatter of <code>{p.path}</code>; no other line changes.{' '}
          {what === 'review' ? 'It says you checked the page is still true today.' : 'The page is retired, never deleted.'}
        </p>
        <p className="muted">Logged in the audit log, where it can be undone.</p>
      </>
    ),
    confirm: what === 'review' ? 'Mark reviewed' : 'Archive',
    run,
  };
}

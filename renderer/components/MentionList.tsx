// The pages that name this page without linking to it (the engine's `mentions`), each with the
// sentence around its first mention and the words marked: links a person may want to write.
import type { Page } from '../../shared/page.ts';
import { cairn } from '../api/client.ts';
import { pageHref, pageRef } from '../app/route.ts';
import { useAsync } from '../hooks/useAsync.ts';
import { ErrorNote } from './ErrorNote.tsx';
import { MarkedContext } from './MarkedContext.tsx';

function phraseSpan(context: string, phrase: string | null): [number, number] | null {
  const at = phrase ? context.indexOf(phrase) : -1;
  return at < 0 ? null : [at, at + phrase!.length];
}

export function MentionList({ page, agent }: { page: Page; agent: string | null }) {
  const { value, error, loading, reload } = useAsync(() => cairn.mentions(pageRef(page, agent)), [page.root, page.path, page.hash, agent]);
  const mentions = value?.mentions ?? [];
  return (
    <section className="panel" aria-label="Unlinked mentions" aria-busy={loading}>
      <h2>Unlinked mentions {value && <span className="count">{mentions.length}</span>}</h2>
      {error && !value ? (
        <ErrorNote message={error} onRetry={reload} />
      ) : !value ? (
        <p className="muted">Loading…</p>
      ) : mentions.length === 0 ? (
        <p className="muted">No other page names it without a link.</p>
      ) : (
        <ul className="link-list mention-list">
          {mentions.map((m) => (
            <li key={`${m.root}\0${m.path}`} data-path={m.path} title={`${m.path}, line ${m.line}${m.count > 1 ? ` (${m.count} mentions)` : ''}`}>
              <a href={pageHref(m, { agent: m.scope.agent ?? agent })} className="link-target">
                {m.title}
              </a>
              {m.context && (
                <div className="link-context">
                  <MarkedContext text={m.context} span={phraseSpan(m.context, m.phrase)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

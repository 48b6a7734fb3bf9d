// One group of old notes: the concepts they share, the reflection page it makes (or made), the notes
// it archives (or archived) and the sentences kept, each with the note and line it came from.
import { pageHref } from '../app/route.ts';
import { plural, type ConsolidationGroup } from './useConsolidation.ts';

export function GroupCard({ group: g, dryRun }: { group: ConsolidationGroup; dryRun: boolean }) {
  const written = g.written;
  const agent = g.agent;
  const archived = new Set(g.archived.map((a) => a.path));
  return (
    <section className="panel consolidation-group" aria-label={`Reflection ${g.key}`} data-key={g.key}>
      <div className="panel-head">
        <h2>
          {dryRun ? 'Would write' : 'Wrote'} {written ? <a href={pageHref(written, { agent })}>{g.title}</a> : g.title}
        </h2>
        {written && (
          <a className="button small primary" href={pageHref(written, { agent })}>
            Open reflection
          </a>
        )}
      </div>
      <p className="reflection-file">
        <code>{written?.path ?? g.key}</code> <span className="badge">reflection</span>
        {g.concepts.map((c) => (
          <span key={c} className="badge concept">
            {c}
          </span>
        ))}
        {g.tags.map((t) => (
          <span key={t} className="badge tag">
            #{t}
          </span>
        ))}
      </p>
      {g.links.length > 0 && (
        <p className="muted small">
          links to{' '}
          {g.links.map((k, i) => (
            <span key={k}>
              {i > 0 && ', '}
              <a href={pageHref(k, { agent })}>{k}</a>
            </span>
          ))}
        </p>
      )}
      <div className="consolidation-parts">
        <div>
          <h3>
            {dryRun ? 'Notes it would archive' : 'Notes archived'} <span className="count">{g.notes.length}</span>
          </h3>
          <ul className="consolidated-notes" aria-label={`Notes in ${g.key}`}>
            {g.notes.map((n) => (
              <li key={n.path} data-path={n.path}>
                {n.key !== n.date && <time dateTime={n.date}>{n.date} </time>}
                <a href={pageHref(n, { agent: n.agent })}>{n.key}</a> <code className="muted">{n.path}</code>
                {!dryRun && archived.has(n.path) && <span className="badge archived">archived</span>}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>
            Sentences kept <span className="count">{g.sentences.length}</span>
          </h3>
          <ol className="kept-sentences" aria-label={`Sentences in ${g.key}`}>
            {g.sentences.map((s, i) => (
              <li key={i}>
                {s.text}{' '}
                <span className="from muted">
                  {s.from}#L{s.line}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <details className="reflection-body">
        <summary>
          Its body {dryRun ? 'as it would be written' : 'as written'} ({plural(g.body.split('\n').length, 'line')}; its frontmatter holds the title, tier, tags
          and the day it was written)
        </summary>
        <pre>{g.body}</pre>
      </details>
    </section>
  );
}

// The page's YAML frontmatter as a key/value panel; list values as chips, `refs` as links.
import type { Page } from '../../shared/page.ts';
import { linkedPage, pageHref, type PageTarget } from '../app/route.ts';

/** Where a `refs` entry leads: the page its link resolved to, else (broken) its key. */
function refTarget(page: Page, ref: string): PageTarget {
  const link = page.links.find((l) => l.kind === 'ref' && l.target === ref);
  return (link && linkedPage(link)) ?? { key: ref };
}

function Value({ name, value, page }: { name: string; value: unknown; page: Page }) {
  if (Array.isArray(value)) {
    return (
      <ul className="fm-list">
        {value.map((v, i) => (
          <li key={i}>
            {name === 'refs' && typeof v === 'string' ? (
              <a href={pageHref(refTarget(page, v), { agent: page.scope.agent })}>{v}</a>
            ) : (
              <Value name="" value={v} page={page} />
            )}
          </li>
        ))}
      </ul>
    );
  }
  if (value === null || value === undefined) return <span className="muted">—</span>;
  if (typeof value === 'object') return <code>{JSON.stringify(value)}</code>;
  const text = String(value);
  if (/^https?:\/\//.test(text)) {
    return (
      <a href={text} target="_blank" rel="noopener noreferrer" className="external">
        {text}
      </a>
    );
  }
  return <span>{text}</span>;
}

export function FrontmatterPanel({ page }: { page: Page }) {
  const entries = Object.entries(page.frontmatter);
  return (
    <section className="panel" aria-label="Frontmatter">
      <h2>Frontmatter</h2>
      {page.frontmatterError && (
        <p className="warning" role="alert">
          {page.frontmatterError}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="muted">No frontmatter. Add a YAML block with summary, tags and refs so agents find this page.</p>
      ) : (
        <dl className="frontmatter">
          {entries.map(([k, v]) => (
            <div key={k} className="fm-row">
              <dt>{k}</dt>
              <dd>
                <Value name={k} value={v} page={page} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

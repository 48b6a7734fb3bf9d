// Pages nothing links to, each with the pages most likely to mention it (a keyword search for its
// title): where a link to it would help a reader find it.
import { useState } from 'react';
import type { PageSummary } from '../../shared/page.ts';
import type { SearchResult } from '../../shared/search.ts';
import { cairn } from '../api/client.ts';
import { pageHref } from '../app/route.ts';

export function OrphanList({ orphans }: { orphans: PageSummary[] }) {
  return (
    <section className="panel" aria-label="Orphans">
      <h2>
        Orphan pages <span className="count">{orphans.length}</span>
      </h2>
      {orphans.length === 0 ? (
        <p className="muted">Every page is linked from another page.</p>
      ) : (
        <p className="muted">No page links to these. Link them from a page that talks about the same thing.</p>
      )}
      <ul className="link-list">
        {orphans.map((p) => (
          <Orphan key={`${p.root}/${p.path}`} page={p} />
        ))}
      </ul>
    </section>
  );
}

function Orphan({ page }: { page: PageSummary }) {
  const [from, setFrom] = useState<SearchResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const suggest = () =>
    cairn.search({ query: page.title, mode: 'lexical', k: 6 }).then(
      (r) => setFrom(r.results.filter((x) => !(x.key === page.key && x.path === page.path)).slice(0, 5)),
      (err: Error) => setError(err.message),
    );
  return (
    <li className="link orphan">
      <a href={pageHref(page, { agent: page.scope.agent })}>{page.title}</a> <span className="muted">{page.path}</span>{' '}
      {from === null ? (
        <button type="button" className="button small ghost" onClick={() => void suggest()} aria-label={`Suggest pages to link ${page.key} from`}>
          Link from…
        </button>
      ) : (
        <span className="link-from">
          {from.length === 0 ? (
            <span className="muted">no page mentions “{page.title}”</span>
          ) : (
            <>
              link from:{' '}
              {from.map((r, i) => (
                <span key={`${r.root}/${r.path}`}>
                  {i > 0 && ', '}
                  <a href={pageHref(r, { agent: r.scope.agent })}>{r.key}</a>
                </span>
              ))}
            </>
          )}
        </span>
      )}
      {error && <span className="muted"> {error}</span>}
    </li>
  );
}

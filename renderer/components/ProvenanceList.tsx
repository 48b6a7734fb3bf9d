import type { Page } from '../../shared/page.ts';

/** Where the page's content came from, as its `<!-- from: … -->` comments say. */
export function ProvenanceList({ page }: { page: Page }) {
  if (page.provenance.length === 0) return null;
  return (
    <section className="panel" aria-label="Provenance">
      <h2>Provenance</h2>
      <ul className="provenance-list">
        {page.provenance.map((p, i) => (
          <li key={i}>
            {/^https?:\/\//.test(p.from) ? (
              <a href={p.from} target="_blank" rel="noopener noreferrer" className="external">
                {p.from}
              </a>
            ) : (
              <code>{p.from}</code>
            )}{' '}
            <span className="line">line {p.line}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

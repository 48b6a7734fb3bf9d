// The pages of the Pages screen, one row each: a link to the page, where it lies, its tier, when it
// last changed and its marks. Long lists are cut (the filter and the tree narrow them).
import type { PageEntry } from '../../shared/browse.ts';
import { pageHref } from '../app/route.ts';

/** Rows drawn at once: enough to scroll through, few enough to draw at once on a 10,000-page wiki. */
export const MAX_ROWS = 500;

const COLUMNS = ['Page', 'Where', 'Tier', 'Updated', 'Links in'];

export function PageTable({ pages, label = 'Pages' }: { pages: PageEntry[]; label?: string }) {
  const shown = pages.slice(0, MAX_ROWS);
  return (
    <>
      <table className="table page-table" aria-label={label}>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={`${p.root}\u0000${p.path}`} data-path={p.path} data-root={p.root}>
              <td className="page-name">
                <a href={pageHref(p, { agent: p.scope.agent })}>{p.title}</a>
                {p.title.toLowerCase() !== p.key.toLowerCase() && <span className="muted small page-key"> {p.key}</span>}
                {p.stale && (
                  <span className="badge warn stale-mark" title="The index found a reason it may no longer be true: see Stale pages">
                    stale
                  </span>
                )}
                {p.archived && <span className="badge archived-mark">archived</span>}
              </td>
              <td className="page-where muted small">{p.path}</td>
              <td>{p.tier && <span className={`tier tier-${p.tier}`}>{p.tier}</span>}</td>
              <td className="page-updated small" title={p.updated}>
                {p.updated.slice(0, 10)}
              </td>
              <td className="num small">{p.linkedFrom}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages.length > shown.length && (
        <p className="muted small">
          Showing the first {shown.length} of {pages.length} pages: type in the filter or choose a folder to find the others.
        </p>
      )}
    </>
  );
}

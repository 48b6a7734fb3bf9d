// Which of several pages with one name this is (its folder), and the others, each by its path:
// a link by the bare name goes to the copy closest to the linking page, so the reader needs to know.
import type { Page } from '../../shared/page.ts';
import { pageHref } from '../app/route.ts';

export function SameName({ page, agent }: { page: Page; agent: string | null }) {
  if (page.sameName.length === 0) return null;
  const folder = page.path.includes('/') ? page.path.slice(0, page.path.lastIndexOf('/') + 1) : null;
  const otherRoots = page.sameName.some((o) => o.root !== page.root);
  return (
    <nav className="same-name" aria-label="Pages with the same name">
      <span title={`[[${page.key}]] opens the one closest to the linking page; [[folder/${page.key}]] chooses`}>
        {page.sameName.length + 1} pages are named “{page.key}”: this one is{' '}
        {folder ? (
          <>
            in <code>{folder}</code>
          </>
        ) : (
          'at the top of its root'
        )}
        {otherRoots && <> of {page.root}</>}. {page.sameName.length === 1 ? 'The other:' : 'The others:'}
      </span>{' '}
      <ul>
        {page.sameName.map((o) => (
          <li key={`${o.root}\0${o.path}`}>
            <a href={pageHref(o, { agent })}>{o.path}</a>
            {otherRoots && <span className="muted"> in {o.root}</span>}
          </li>
        ))}
      </ul>
    </nav>
  );
}

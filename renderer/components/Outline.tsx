import type { Page } from '../../shared/page.ts';
import { pageHref } from '../app/route.ts';

/** The page's headings, each a link that scrolls to it. */
export function Outline({ page }: { page: Page }) {
  const headings = page.headings.filter((h) => h.level > 1);
  if (headings.length === 0) return null;
  return (
    <section className="panel" aria-label="Outline">
      <h2>Outline</h2>
      <ul className="outline">
        {headings.map((h) => (
          <li key={`${h.line}`} style={{ paddingLeft: `${(h.level - 2) * 0.9}rem` }}>
            <a href={pageHref(page, { heading: h.text, agent: page.scope.agent })}>{h.text}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

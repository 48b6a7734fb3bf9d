// The pages this person opened lately, each a link to it: on the Pages screen and before a search.
import { useState } from 'react';
import { pageHref } from '../app/route.ts';
import { recentPages } from './recent-pages.ts';

export function RecentPages() {
  const [pages] = useState(recentPages);
  if (pages.length === 0) return null;
  return (
    <section className="panel recent-pages" aria-label="Recent pages">
      <h2>Recent pages</h2>
      <ul>
        {pages.map((p) => (
          <li key={`${p.root}\u0000${p.path}`}>
            <a href={pageHref({ root: p.root, path: p.path }, { agent: p.agent })} title={p.path}>
              {p.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

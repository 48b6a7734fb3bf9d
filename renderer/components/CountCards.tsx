import type { Status } from '../../shared/contract.ts';

/** The index in numbers; the broken ones link to the links report. */
export function CountCards({ status }: { status: Status }) {
  const cards: { label: string; value: number; href?: string; bad?: boolean }[] = [
    { label: 'pages', value: status.pages },
    { label: 'chunks', value: status.chunks },
    { label: 'links', value: status.links },
    { label: 'dangling links', value: status.dangling, href: '#/links', bad: status.dangling > 0 },
    { label: 'broken anchors', value: status.brokenAnchors, href: '#/links', bad: status.brokenAnchors > 0 },
  ];
  return (
    <ul className="counts" aria-label="Index counts">
      {cards.map((c) => {
        const body = (
          <>
            <span className="count-value">{c.value}</span>
            <span className="count-label">{c.label}</span>
          </>
        );
        return (
          <li key={c.label} className={c.bad ? 'count-card bad' : 'count-card'} data-count={c.label}>
            {c.href ? <a href={c.href}>{body}</a> : body}
          </li>
        );
      })}
    </ul>
  );
}

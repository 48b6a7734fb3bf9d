// A page's outgoing links, one row per place they go, with every place the link is written (kind
// and line). A broken one is marked, with why. Backlinks, with their sentences, are BacklinkList's.
import type { Link } from '../../shared/page.ts';
import { linkedPage, pageHref, type PageAddress } from '../app/route.ts';

const REASON: Record<NonNullable<Link['reason']>, string> = {
  'missing-page': 'no such page',
  'missing-anchor': 'no such heading',
};

interface Props {
  title: string;
  links: Link[];
  agent: string | null;
  empty: string;
}

interface Group {
  id: string;
  label: string;
  /** The page at the other end; null when the link is broken or leads to a file or a URL. */
  page: PageAddress | null;
  anchor: string | null;
  url: string | null;
  links: Link[];
  reason: Link['reason'];
}

function groupLinks(links: Link[]): Group[] {
  const groups = new Map<string, Group>();
  for (const l of links) {
    // links gather by where they go (and whether broken)
    const to = linkedPage(l);
    const id = `${to ? `${to.root}\0${to.path}` : l.target.toLowerCase()}#${l.anchor ?? ''}#${l.reason ?? ''}`;
    let g = groups.get(id);
    if (!g) {
      const label = `${l.resolvedKey ?? l.target}${l.anchor ? `#${l.anchor}` : ''}`;
      g = {
        id,
        label,
        page: to,
        anchor: l.anchor,
        url: /^https?:\/\//.test(l.target) ? l.target : null,
        links: [],
        reason: null,
      };
      groups.set(id, g);
    }
    g.links.push(l);
    g.reason ??= l.reason;
  }
  return byPathWhereNamesClash([...groups.values()]);
}

/** Two pages of one name in the list (Plugins/Overview, Clipper/Overview) are told apart by their paths. */
function byPathWhereNamesClash(groups: Group[]): Group[] {
  const seen = new Map<string, number>();
  for (const g of groups) seen.set(g.label.toLowerCase(), (seen.get(g.label.toLowerCase()) ?? 0) + 1);
  return groups.map((g) =>
    g.page && seen.get(g.label.toLowerCase())! > 1 ? { ...g, label: `${g.page.path.replace(/\.md$/i, '')}${g.anchor ? `#${g.anchor}` : ''}` } : g,
  );
}

export function LinkList({ title, links, agent, empty }: Props) {
  const groups = groupLinks(links);
  const broken = links.filter((l) => l.reason).length;
  return (
    <section className="panel" aria-label={title} data-links="out">
      <h2>
        {title}{' '}
        <span className="count" title={`${links.length} link${links.length === 1 ? '' : 's'}`}>
          {groups.length}
        </span>
        {broken > 0 && <span className="badge danger">{broken} broken</span>}
      </h2>
      {groups.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="link-list">
          {groups.map((g) => (
            <LinkGroup key={g.id} group={g} agent={agent} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkGroup({ group: g, agent }: { group: Group; agent: string | null }) {
  const brokenHere = g.reason;
  const cls = ['link', brokenHere ? `broken broken-${g.reason}` : '', g.links.some((l) => l.reason) ? 'has-broken' : ''].filter(Boolean).join(' ');
  return (
    <li className={cls} data-broken={brokenHere ? g.reason! : undefined} data-path={g.page?.path}>
      <div className="link-head">
        {g.page ? (
          <a href={pageHref(g.page, { heading: g.anchor, agent })} className="link-target" title={g.page.path}>
            {g.label}
          </a>
        ) : g.url ? (
          <a href={g.url} target="_blank" rel="noopener noreferrer" className="external link-target">
            {g.label}
          </a>
        ) : (
          <span className="link-target">{g.label}</span>
        )}
        {brokenHere && <span className="reason">{REASON[g.reason!]}</span>}
      </div>
      <ul className="occurrences">
        {g.links.map((l, i) => (
          <li
            key={i}
            className={l.reason ? 'occurrence broken-occurrence' : 'occurrence'}
            data-broken={l.reason ?? undefined}
            title={
              l.reason
                ? `Broken (${REASON[l.reason]}): ${l.target}${l.anchor ? `#${l.anchor}` : ''}, line ${l.line} of ${l.source}`
                : `${l.source}, line ${l.line}`
            }
          >
            {l.kind}:{l.line}
          </li>
        ))}
      </ul>
    </li>
  );
}

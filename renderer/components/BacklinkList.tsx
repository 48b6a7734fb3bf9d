// A page's backlinks as Obsidian's backlinks pane shows them: each linking page by name, then the
// sentence around each of its links with the link marked (the engine gives the sentence for a
// page's first 100 backlinks; past them, or for a link in frontmatter, its kind and line).
import type { Link } from '../../shared/page.ts';
import { pageHref } from '../app/route.ts';
import { linkSpan, MarkedContext } from './MarkedContext.tsx';

interface Source {
  id: string;
  root: string;
  path: string;
  name: string;
  /** The agent whose space the linking page is in. */
  agent: string | null;
  links: Link[];
}

function bySource(links: Link[]): Source[] {
  const sources = new Map<string, Source>();
  for (const l of links) {
    const id = `${l.sourceRoot}\0${l.source}`;
    let s = sources.get(id);
    if (!s) {
      const agent = /^user\/([^/]+)\//.exec(l.source)?.[1] ?? null;
      sources.set(id, (s = { id, root: l.sourceRoot, path: l.source, name: l.sourceKey, agent, links: [] }));
    }
    s.links.push(l);
  }
  // two linking pages of one name (Plugins/Overview, Clipper/Overview) are told apart by their paths
  const all = [...sources.values()];
  const named = new Map<string, number>();
  for (const s of all) named.set(s.name.toLowerCase(), (named.get(s.name.toLowerCase()) ?? 0) + 1);
  return all.map((s) => (named.get(s.name.toLowerCase())! > 1 ? { ...s, name: s.path.replace(/\.md$/i, '') } : s));
}

export function BacklinkList({ links, agent }: { links: Link[]; agent: string | null }) {
  const sources = bySource(links);
  return (
    <section className="panel" aria-label="Backlinks" data-links="in">
      <h2>
        Backlinks{' '}
        <span className="count" title={`${links.length} link${links.length === 1 ? '' : 's'}`}>
          {sources.length}
        </span>
      </h2>
      {sources.length === 0 ? (
        <p className="muted">No page links here yet.</p>
      ) : (
        <ul className="link-list backlink-list">
          {sources.map((s) => (
            <li key={s.id} className="link" data-path={s.path}>
              <a href={pageHref({ root: s.root, path: s.path }, { agent: s.agent ?? agent })} className="link-target" title={s.path}>
                {s.name}
              </a>
              <ul className="contexts">
                {s.links.map((l, i) => (
                  <li key={i} title={`${l.source}, line ${l.line}`}>
                    {l.context ? (
                      <span className="link-context">
                        <MarkedContext text={l.context} span={linkSpan(l.context, l.target)} />
                      </span>
                    ) : (
                      <span className="occurrence">
                        {l.kind}:{l.line}
                      </span>
                    )}
                    {l.reason === 'missing-anchor' && <span className="reason"> no heading “{l.anchor}”</span>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

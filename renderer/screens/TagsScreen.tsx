// Tags: every tag of the wiki (frontmatter `tags` and inline `#tags` alike), nested tags under their
// parent, each with its page count; choosing one lists its pages (#/tags?tag=project), those with a
// tag nested under it too, as a search filtered by it finds them.
import { useMemo } from 'react';
import type { PageEntry } from '../../shared/browse.ts';
import { tagMatches } from '../../shared/markdown/tags.ts';
import { cairn } from '../api/client.ts';
import { pageHref, screenHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { tagTree, type TagNode } from '../browse/tag-tree.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';

function TagList({ nodes, chosen }: { nodes: TagNode[]; chosen: string | null }) {
  return (
    <ul className="tag-tree">
      {nodes.map((n) => (
        <li key={n.tag} data-tag={n.tag}>
          <span className="tag-row">
            <a className="tag" href={screenHref('tags', { tag: n.tag })} aria-current={chosen?.toLowerCase() === n.tag.toLowerCase() ? 'true' : undefined}>
              #{n.name}
            </a>{' '}
            <span className="count muted" title={`${n.count} pages with #${n.tag} or a tag under it`}>
              {n.count}
            </span>
          </span>
          {n.children.length > 0 && <TagList nodes={n.children} chosen={chosen} />}
        </li>
      ))}
    </ul>
  );
}

function TaggedPages({ tag, pages }: { tag: string; pages: PageEntry[] }) {
  const tagged = pages.filter((p) => p.tags.some((t) => tagMatches(t, tag)));
  return (
    <section className="panel tagged-pages" aria-label={`Pages tagged #${tag}`}>
      <h2>
        #{tag} <span className="muted">{tagged.length} pages</span>
      </h2>
      <p>
        <a href={screenHref('search', { q: tag, tags: tag })}>Search within #{tag}</a>
      </p>
      <ul>
        {tagged.map((p) => (
          <li key={`${p.root}\0${p.path}`} data-key={p.key}>
            <a href={pageHref(p)}>{p.title}</a> <span className="muted">{p.path}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TagsScreen({ params }: { params: URLSearchParams }) {
  const { generation } = useStatus();
  const { value, error, loading, reload } = useAsync(() => cairn.pages({}), [generation]);
  const tree = useMemo(() => (value ? tagTree(value.pages) : []), [value]);
  const chosen = params.get('tag');
  return (
    <div className="screen tags-screen" aria-busy={loading}>
      <header className="screen-head">
        <h1>Tags</h1>
        <p className="muted">Every tag, from frontmatter and from #tags in page text, with how many pages have it or a tag nested under it.</p>
      </header>
      {error && !value && <ErrorNote message={error} onRetry={reload} />}
      {value && tree.length === 0 && (
        <EmptyState title="No page has a tag yet" icon="#">
          <p>
            Tag a page by writing <code>#idea</code> (or a nested <code>#project/alpha</code>) in its text, or <code>tags: [idea]</code> in its frontmatter.
            Tags are then listed here, shown on the page, and filter searches (<code>cairn search --tag idea</code>).
          </p>
        </EmptyState>
      )}
      {tree.length > 0 && (
        <div className="tags-layout">
          <section className="panel" aria-label="Tags">
            <TagList nodes={tree} chosen={chosen} />
          </section>
          {chosen && <TaggedPages tag={chosen} pages={value!.pages} />}
        </div>
      )}
    </div>
  );
}

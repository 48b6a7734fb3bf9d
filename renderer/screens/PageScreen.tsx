// A page: rendered markdown with in-app wikilinks (broken ones marked), its frontmatter,
// outline, outgoing links, backlinks and provenance, and where its file is; or, in its Graph tab,
// its neighbourhood in the reference graph; or, in its Recall tab, what recall reaches from it.
import { Suspense } from 'react';
import { cairn } from '../api/client.ts';
import { lazyView } from '../app/lazy-view.ts';
import { depthParam, navigate, pageHref, pageName, pageRef, screenHref, type PageTarget } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { BacklinkList } from '../components/BacklinkList.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { FrontmatterPanel } from '../components/FrontmatterPanel.tsx';
import { LinkList } from '../components/LinkList.tsx';
import { Markdown } from '../components/Markdown.tsx';
import { MentionList } from '../components/MentionList.tsx';
import { Outline } from '../components/Outline.tsx';
import { absolutePath, PathActions } from '../components/PathActions.tsx';
import { ProvenanceList } from '../components/ProvenanceList.tsx';
import { SameName } from '../components/SameName.tsx';
import { ScopeBadge } from '../components/ScopeBadge.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { useRememberPage } from '../browse/recent-pages.ts';
import { DepthSwitch } from '../graph/DepthSwitch.tsx';
import { CreateMissingPage } from '../links/CreateMissingPage.tsx';
import { GraphPanel, openNode } from '../graph/GraphPanel.tsx';
import { useEditKey } from '../edit/useEditKey.ts';

const RecallView = lazyView(() => import('../graph/RecallView.tsx'));
const PageEditor = lazyView(() => import('../edit/PageEditor.tsx'));

export function PageScreen({ target, params }: { target: PageTarget; params: URLSearchParams }) {
  const agent = params.get('agent');
  const heading = params.get('h');
  const tab = params.get('tab') === 'graph' ? 'graph' : params.get('tab') === 'recall' ? 'recall' : 'page';
  const depth = depthParam(params);
  const { generation, status } = useStatus();
  const ref = pageRef(target, agent);
  const { value: page, error, errorCode, loading, reload } = useAsync(() => cairn.getPage(ref), [JSON.stringify(ref), generation]);
  // a person writes every page, unless the index is read-only
  const canEdit = page !== null && tab === 'page' && status !== null && !status.readOnly;
  const editing = canEdit && params.get('edit') === '1';
  const setEditing = (on: boolean) => page && navigate(pageHref(page, { agent, edit: on }), { replace: true });
  useEditKey(canEdit && !editing, () => setEditing(true));
  useRememberPage(page);

  if (error && !page) {
    const missing = errorCode === 'not-found';
    const name = pageName(target);
    return (
      <div className="screen page-screen">
        {missing ? (
          <EmptyState title={'root' in target ? `No page at ${target.path}` : `No page named “${name}”`} icon="∅">
            <p>{error}</p>
            <CreateMissingPage target={target} name={name} created={reload} />
            <p>
              Links to it are listed under <a href="#/links">Broken links</a>. Create it here, titled “{name}”, write{' '}
              <code>{'root' in target ? target.path : `${name}.md`}</code> in a root yourself, or{' '}
              <a href={screenHref('search', { q: name })}>search for “{name}”</a>.
            </p>
          </EmptyState>
        ) : (
          <ErrorNote message={error} onRetry={reload} />
        )}
      </div>
    );
  }
  if (!page) return <div className="screen page-screen muted">{loading ? 'Loading…' : ''}</div>;

  const absPath = absolutePath(page);
  const fm = page.frontmatter;
  const meta = (['tier', 'owner', 'updated', 'reviewed', 'usage_mode'] as const).filter((k) => fm[k] !== undefined && fm[k] !== null);
  return (
    <article className="screen page-screen" data-page={page.key} aria-busy={loading}>
      <header className="page-head">
        <h1>
          {page.title} <ScopeBadge scope={page.scope} />
        </h1>
        {page.summary && <p className="summary">{page.summary}</p>}
        <div className="page-meta">
          {page.tags.map((t) => (
            <a key={t} className="tag" href={screenHref('search', { q: t, tags: t })}>
              #{t}
            </a>
          ))}
          {meta.map((k) => (
            <span key={k} className="meta-item">
              <span className="muted">{k.replace('_', ' ')}</span> {String(fm[k])}
            </span>
          ))}
          {fm.stale_since !== undefined && <span className="badge warn">stale since {String(fm.stale_since)}</span>}
          {fm.archived_since !== undefined && <span className="badge">archived {String(fm.archived_since)}</span>}
        </div>
        <div className="page-actions">
          {canEdit && !editing && (
            <button type="button" className="button small primary" aria-keyshortcuts="e" title="Edit this page (e)" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
          <PathActions absPath={absPath} />
        </div>
        <SameName page={page} agent={agent} />
        {page.shadows && (
          <p className="note">
            This is @{page.scope.agent}’s own page: for that agent it shadows <code>{page.shadows}</code>.
          </p>
        )}
        <div className="tabs" role="tablist" aria-label="Page views">
          <a role="tab" aria-selected={tab === 'page'} className={tab === 'page' ? 'on' : undefined} href={pageHref(page, { agent })}>
            Page
          </a>
          <a role="tab" aria-selected={tab === 'graph'} className={tab === 'graph' ? 'on' : undefined} href={pageHref(page, { agent, tab: 'graph', depth })}>
            Graph
          </a>
          <a
            role="tab"
            aria-selected={tab === 'recall'}
            className={tab === 'recall' ? 'on' : undefined}
            href={pageHref(page, { agent, tab: 'recall', depth: 2 })}
          >
            Recall
          </a>
        </div>
      </header>
      {tab === 'recall' ? (
        <Suspense fallback={<div className="graph-view muted">Loading…</div>}>
          <RecallView
            seed={pageRef(page, agent)}
            hops={depth}
            onHops={(d) => navigate(pageHref(page, { agent, tab: 'recall', depth: d }), { replace: true })}
          />
        </Suspense>
      ) : tab === 'graph' ? (
        <GraphPanel around={pageRef(page, agent)} depth={depth} onOpen={(node) => openNode(node, { tab: 'graph', depth })}>
          <DepthSwitch depth={depth} onChange={(d) => navigate(pageHref(page, { agent, tab: 'graph', depth: d }), { replace: true })} />
          <a className="button small ghost" href={screenHref('graph', { root: page.root, path: page.path, agent: agent ?? undefined, depth: String(depth) })}>
            Open in the Graph screen
          </a>
        </GraphPanel>
      ) : editing ? (
        <Suspense fallback={<div className="muted">Loading the editor…</div>}>
          <PageEditor
            page={page}
            onSaved={() => {
              reload();
              setEditing(false);
            }}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <div className="page-layout">
          <div className="page-body">
            <Markdown page={page} heading={heading} onChanged={reload} />
          </div>
          <aside className="page-aside">
            <BacklinkList links={page.backlinks} agent={agent} />
            <MentionList page={page} agent={agent} />
            <LinkList title="Links out" links={page.links} agent={agent} empty="This page links nowhere." />
            <Outline page={page} />
            <ProvenanceList page={page} />
            <FrontmatterPanel page={page} />
          </aside>
        </div>
      )}
    </article>
  );
}

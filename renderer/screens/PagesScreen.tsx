// Pages: browse the wiki as a file explorer does. The roots that are open, the pages opened lately,
// a folder tree with counts and pages, and the pages below the chosen folder, sorted by folder,
// title or last change, each with its tier and marks and a link to it. The filter searches the
// whole wiki by name, the chosen folder a chip that narrows it (page-order.ts). The choices live in the URL
// (#/pages?root=…&folder=…&q=…&sort=updated), so going back from a page returns to the same list.
import { useMemo } from 'react';
import { cairn } from '../api/client.ts';
import { navigate, screenHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { folderTree, rootName } from '../browse/folder-tree.ts';
import { FolderTree, type FolderChoice } from '../browse/FolderTree.tsx';
import { listed, sortParam, SORTS, type Sort } from '../browse/page-order.ts';
import { NoPages } from '../browse/NoPages.tsx';
import { PageTable } from '../browse/PageTable.tsx';
import { RecentPages } from '../browse/RecentPages.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';

export function PagesScreen({ params }: { params: URLSearchParams }) {
  const { generation } = useStatus();
  const { value, error, loading, reload } = useAsync(() => cairn.pages({}), [generation]);
  const chosen: FolderChoice = { root: params.get('root'), path: params.get('folder') ?? '' };
  const filter = params.get('q') ?? '';
  const sort = sortParam(params.get('sort'));
  const update = (patch: { root?: string | null; folder?: string; q?: string; sort?: Sort }) => {
    const next = { root: chosen.root, folder: chosen.path, q: filter, sort, ...patch };
    navigate(
      screenHref('pages', {
        root: next.root ?? undefined,
        folder: next.folder || undefined,
        q: next.q || undefined,
        sort: next.sort === 'path' ? undefined : next.sort,
      }),
      { replace: true },
    );
  };

  const tops = useMemo(
    () =>
      value
        ? folderTree(
            value.roots.map((r) => r.path),
            value.pages,
          )
        : [],
    [value],
  );
  const rows = useMemo(() => (value ? listed(value.pages, chosen, filter, sort) : null), [value, chosen.root, chosen.path, filter, sort]);
  const folderName = chosen.path ? chosen.path.split('/').pop()! : chosen.root ? rootName(chosen.root) : null;

  return (
    <div className="screen pages-screen" aria-busy={loading}>
      <header className="screen-head">
        <h1>Pages</h1>
        <p className="muted">Every page of the open wiki by folder. Choose a folder, filter by name, or sort by last change; stale pages are marked.</p>
      </header>
      {error && !value && <ErrorNote message={error} onRetry={reload} />}
      {value && (
        <>
          <section className="panel open-roots" aria-label="Open roots">
            <h2>Open roots</h2>
            <ul>
              {value.roots.map((r) => (
                <li key={r.path}>
                  <code>{r.path}</code> <span className="muted">{r.pages} pages</span>
                </li>
              ))}
            </ul>
          </section>
          <RecentPages />
          {value.total === 0 || !rows ? (
            <NoPages roots={value.roots.map((r) => r.path)} />
          ) : (
            <div className="pages-body">
              <FolderTree tops={tops} total={value.total} chosen={chosen} onChoose={(c) => update({ root: c.root, folder: c.path })} />
              <section className="pages-list" aria-label="Page list">
                <div className="toolbar">
                  {folderName && (
                    <button
                      type="button"
                      className="chip-button folder-chip"
                      aria-label={`Remove the folder ${folderName}`}
                      title="Search the whole wiki"
                      onClick={() => update({ root: null, folder: '' })}
                    >
                      in {folderName} <span aria-hidden="true">×</span>
                    </button>
                  )}
                  <input
                    type="search"
                    className="input"
                    aria-label="Filter pages by name"
                    placeholder="Filter by name…"
                    value={filter}
                    onChange={(e) => update({ q: e.target.value })}
                  />
                  <label className="muted small">
                    Sort{' '}
                    <select aria-label="Sort" value={sort} onChange={(e) => update({ sort: sortParam(e.target.value) })}>
                      {Object.entries(SORTS).map(([k, label]) => (
                        <option key={k} value={k}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </label>
                  <span className="muted small" aria-live="polite">
                    {rows.elsewhere.length > 0
                      ? `${rows.here.length} in ${folderName}, ${rows.elsewhere.length} elsewhere`
                      : `${rows.here.length} of ${value.total}`}
                  </span>
                </div>
                {rows.here.length === 0 ? (
                  <p className="muted">
                    No page {folderName ? `in ${folderName} ` : ''}has “{filter}” in its title or file name.
                  </p>
                ) : (
                  <PageTable pages={rows.here} />
                )}
                {rows.elsewhere.length > 0 && (
                  <>
                    <h2 className="pages-elsewhere">In other folders</h2>
                    <PageTable pages={rows.elsewhere} label="Pages in other folders" />
                  </>
                )}
              </section>
            </div>
          )}
        </>
      )}
    </div>
  );
}

// Pages: browse the wiki as a file explorer does. The roots that are open, a folder tree with
// counts, and the pages below the chosen folder, filtered by name and sorted by folder, title or
// last change, each with its tier and marks and a link to it. The choices live in the URL
// (#/pages?root=…&folder=…&q=…&sort=updated), so going back from a page returns to the same list.
import { useMemo } from 'react';
import { cairn } from '../api/client.ts';
import { navigate, screenHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { folderTree } from '../browse/folder-tree.ts';
import { FolderTree, type FolderChoice } from '../browse/FolderTree.tsx';
import { listed, sortParam, SORTS, type Sort } from '../browse/page-order.ts';
import { NoPages } from '../browse/NoPages.tsx';
import { PageTable } from '../browse/PageTable.tsx';
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
  const rows = useMemo(() => (value ? listed(value.pages, chosen, filter, sort) : []), [value, chosen.root, chosen.path, filter, sort]);

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
          {value.total === 0 ? (
            <NoPages roots={value.roots.map((r) => r.path)} />
          ) : (
            <div className="pages-body">
              <FolderTree tops={tops} total={value.total} chosen={chosen} onChoose={(c) => update({ root: c.root, folder: c.path })} />
              <section className="pages-list" aria-label="Page list">
                <div className="toolbar">
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
                    {rows.length} of {value.total}
                  </span>
                </div>
                {rows.length === 0 ? <p className="muted">No page below this folder has “{filter}” in its title or file name.</p> : <PageTable pages={rows} />}
              </section>
            </div>
          )}
        </>
      )}
    </div>
  );
}

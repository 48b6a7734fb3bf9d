// Broken links, grouped by the page they miss (`X` and `X.md` as one), filtered by folder, target
// and kind, in a virtualized list; each fixable in place (retarget, stub, remove), or all those the
// filter keeps at once (stubs, removals), with every change shown first and an undo after; broken
// anchors; orphan pages.
import { useMemo, useState } from 'react';
import type { LinkFinding } from '../../shared/page.ts';
import { cairn } from '../api/client.ts';
import { pageHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { BrokenList } from '../links/BrokenList.tsx';
import { filtered, foldersOf, groupByTarget, kindsOf, NO_FILTER, type LinkFilter } from '../links/broken-groups.ts';
import { BulkActions } from '../links/BulkActions.tsx';
import { LinkFilters } from '../links/LinkFilters.tsx';
import { MissingSources } from '../links/MissingSources.tsx';
import { FixPreview } from '../links/FixPreview.tsx';
import { useFixFlow } from '../links/fix-flow.ts';
import { OrphanList } from '../links/OrphanList.tsx';

export function LinksScreen() {
  const { generation } = useStatus();
  const broken = useAsync(() => cairn.links({ kind: 'broken' }), [generation]);
  const orphans = useAsync(() => cairn.links({ kind: 'orphans' }), [generation]);
  const [filter, setFilter] = useState<LinkFilter>(NO_FILTER);
  const words = useDebounced(filter.target, 150);
  const findings = useMemo(() => broken.value?.findings ?? [], [broken.value]);
  const missing = useMemo(() => findings.filter((f) => f.reason === 'missing-page' && f.kind !== 'source'), [findings]);
  const shown = useMemo(() => filtered(missing, { ...filter, target: words }), [missing, filter, words]);
  const groups = useMemo(() => groupByTarget(shown), [shown]);
  const folders = useMemo(() => foldersOf(missing), [missing]);
  const kinds = useMemo(() => kindsOf(missing), [missing]);
  const sources = findings.filter((f) => f.reason === 'missing-page' && f.kind === 'source');
  const anchors = findings.filter((f) => f.reason === 'missing-anchor');
  const flow = useFixFlow(() => {
    broken.reload();
    orphans.reload();
  });
  const total = useMemo(() => groupByTarget(missing).length, [missing]);
  return (
    <div className="screen links-screen">
      <header className="screen-head">
        <h1>Broken links</h1>
        <p className="muted">
          {findings.length > 0
            ? `${brokenSummary(missing.length, total, sources.length, anchors.length)} `
            : 'Links to pages that do not exist, to source files that are not there, and to headings a page does not have.'}
          {missing.length > 0 &&
            'Retarget each to the page it meant, create the page as a stub, or remove the link and keep its text; every change is shown first and can be undone.'}
        </p>
      </header>
      {broken.error && <ErrorNote message={broken.error} onRetry={broken.reload} />}
      {flow.error && <ErrorNote message={flow.error} />}
      {flow.done && (
        <div className="fix-done" role="status">
          {flow.done.message}{' '}
          {flow.done.auditIds.length > 0 && (
            <button type="button" className="button small" disabled={flow.busy} onClick={flow.undo}>
              Undo
            </button>
          )}
        </div>
      )}
      <FixPreview flow={flow} />
      {broken.value && findings.length === 0 && <EmptyState title="Every link resolves" icon="✓" />}
      {missing.length > 0 && (
        <>
          <div className="links-toolbar">
            <LinkFilters filter={filter} onChange={setFilter} folders={folders} kinds={kinds} />
            <BulkActions groups={groups} flow={flow} />
          </div>
          <p className="muted links-shown" aria-live="polite">
            {groups.length === total ? `${total} missing pages` : `${groups.length} of ${total} missing pages, ${shown.length} links`}
          </p>
          {groups.length > 0 ? <BrokenList groups={groups} flow={flow} /> : <p className="muted">No broken link matches the filter.</p>}
        </>
      )}
      {sources.length > 0 && <MissingSources findings={sources} flow={flow} />}
      {anchors.length > 0 && <AnchorTable findings={anchors} />}
      {orphans.value && <OrphanList orphans={orphans.value.orphans} />}
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Every broken link the screen lists, as the nav counts them, and the sections they are in. */
function brokenSummary(missing: number, pages: number, sources: number, anchors: number): string {
  const all = plural(missing + sources + anchors, 'broken link', 'broken links');
  const parts = [
    missing > 0 && `${missing} to pages that do not exist (${plural(pages, 'page', 'pages')})`,
    sources > 0 && plural(sources, 'missing source', 'missing sources'),
    anchors > 0 && plural(anchors, 'broken anchor', 'broken anchors'),
  ];
  return `${all}: ${parts.filter(Boolean).join(', ')}.`;
}

function AnchorTable({ findings }: { findings: LinkFinding[] }) {
  return (
    <section className="panel" aria-label="Broken anchors">
      <h2>
        Broken anchors <span className="count">{findings.length}</span>
      </h2>
      <p className="muted">The page exists but has no such heading or block: fix the heading name in the linking page.</p>
      <table className="table findings">
        <thead>
          <tr>
            <th scope="col">In</th>
            <th scope="col">Target</th>
            <th scope="col">Kind</th>
          </tr>
        </thead>
        <tbody>
          {findings.map((f, i) => (
            <tr key={i} data-reason={f.reason}>
              <td>
                <a href={pageHref({ root: f.root, path: f.source }, { agent: f.scope.agent })}>{f.sourceKey}</a>{' '}
                <code className="muted">
                  {f.source}:{f.line}
                </code>
              </td>
              <td>
                <code>
                  {f.target}#{f.anchor}
                </code>
              </td>
              <td>{f.kind}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

// Broken links, grouped by the page they miss, each fixable in place (retarget, stub, remove) with
// the exact change shown first and an undo after; broken anchors; orphan pages.
import type { LinkFinding } from '../../shared/page.ts';
import { cairn } from '../api/client.ts';
import { pageHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { BrokenTarget } from '../links/BrokenTarget.tsx';
import { MissingSources } from '../links/MissingSources.tsx';
import { FixPreview } from '../links/FixPreview.tsx';
import { useFixFlow } from '../links/fix-flow.ts';
import { OrphanList } from '../links/OrphanList.tsx';

/** The engine suggests for at most this many targets per request. */
const SUGGEST_LIMIT = 200;

function byTarget(findings: LinkFinding[]): [string, LinkFinding[]][] {
  const groups = new Map<string, LinkFinding[]>();
  for (const f of findings) groups.set(f.target, [...(groups.get(f.target) ?? []), f]);
  return [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

export function LinksScreen() {
  const { generation } = useStatus();
  const broken = useAsync(() => cairn.links({ kind: 'broken' }), [generation]);
  const orphans = useAsync(() => cairn.links({ kind: 'orphans' }), [generation]);
  const findings = broken.value?.findings ?? [];
  const groups = byTarget(findings.filter((f) => f.reason === 'missing-page' && f.kind !== 'source'));
  const sources = findings.filter((f) => f.reason === 'missing-page' && f.kind === 'source');
  const anchors = findings.filter((f) => f.reason === 'missing-anchor');
  const targets = groups.slice(0, SUGGEST_LIMIT).map(([t]) => t);
  const suggestions = useAsync(() => (targets.length ? cairn.suggestTargets({ targets }) : Promise.resolve({ suggestions: [] })), [targets.join('\0')]);
  const flow = useFixFlow(() => {
    broken.reload();
    orphans.reload();
  });
  const pagesFor = (t: string) => suggestions.value?.suggestions.find((s) => s.target === t)?.pages ?? [];
  return (
    <div className="screen links-screen">
      <header className="screen-head">
        <h1>Broken links</h1>
        <p className="muted">
          {groups.length > 0
            ? `${groups.reduce((n, [, list]) => n + list.length, 0)} links point at ${groups.length} pages that do not exist. Retarget each to the page it meant, create the page as a stub, or remove the link and keep its text; every change is shown first and can be undone.`
            : 'Links to pages that do not exist, and to headings a page does not have.'}
        </p>
      </header>
      {broken.error && <ErrorNote message={broken.error} onRetry={broken.reload} />}
      {flow.error && <ErrorNote message={flow.error} />}
      {flow.done && (
        <div className="fix-done" role="status">
          {flow.done.message}{' '}
          {flow.done.auditId !== null && (
            <button type="button" className="button small" disabled={flow.busy} onClick={flow.undo}>
              Undo
            </button>
          )}
        </div>
      )}
      <FixPreview flow={flow} />
      {broken.value && findings.length === 0 && <EmptyState title="Every link resolves" icon="✓" />}
      {groups.map(([target, list]) => (
        <BrokenTarget key={target} target={target} findings={list} suggestions={pagesFor(target)} flow={flow} />
      ))}
      {sources.length > 0 && <MissingSources findings={sources} flow={flow} />}
      {anchors.length > 0 && <AnchorTable findings={anchors} />}
      {orphans.value && <OrphanList orphans={orphans.value.orphans} />}
    </div>
  );
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

// Dangling links and broken anchors, each with where it is written; orphan pages below.
import type { LinkFinding } from '../../shared/page.ts';
import { cairn } from '../api/client.ts';
import { pageHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';

const REASON = { 'missing-page': 'dangling: no such page', 'missing-anchor': 'broken anchor: no such heading' } as const;

export function LinksScreen() {
  const { generation } = useStatus();
  const broken = useAsync(() => cairn.links({ kind: 'broken' }), [generation]);
  const orphans = useAsync(() => cairn.links({ kind: 'orphans' }), [generation]);
  return (
    <div className="screen links-screen">
      <header className="screen-head">
        <h1>Broken links</h1>
        <p className="muted">Links to pages that do not exist, and to headings a page does not have. Fix them in the linking page.</p>
      </header>
      {broken.error && <ErrorNote message={broken.error} onRetry={broken.reload} />}
      {broken.value && (broken.value.findings.length === 0 ? <EmptyState title="Every link resolves" icon="✓" /> : <FindingTable findings={broken.value.findings} />)}
      <section className="panel" aria-label="Orphans">
        <h2>
          Orphan pages <span className="count">{orphans.value?.orphans.length ?? 0}</span>
        </h2>
        {orphans.value && orphans.value.orphans.length === 0 && <p className="muted">Every page is linked from another page.</p>}
        <ul className="link-list">
          {orphans.value?.orphans.map((p) => (
            <li key={p.root + p.path} className="link">
              <a href={pageHref(p.key, { agent: p.scope.agent })}>{p.title}</a> <span className="muted">{p.path}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function FindingTable({ findings }: { findings: LinkFinding[] }) {
  return (
    <table className="table findings">
      <thead>
        <tr>
          <th scope="col">Problem</th>
          <th scope="col">In</th>
          <th scope="col">Target</th>
          <th scope="col">Kind</th>
        </tr>
      </thead>
      <tbody>
        {findings.map((f, i) => (
          <tr key={i} data-reason={f.reason}>
            <td>
              <span className={`badge ${f.reason === 'missing-page' ? 'danger' : 'warn'}`}>{REASON[f.reason]}</span>
            </td>
            <td>
              <a href={pageHref(f.sourceKey, { agent: /^user\/([^/]+)\//.exec(f.source)?.[1] ?? null })}>{f.sourceKey}</a>{' '}
              <code className="muted">
                {f.source}:{f.line}
              </code>
            </td>
            <td>
              <code>
                {f.target}
                {f.anchor ? `#${f.anchor}` : ''}
              </code>
            </td>
            <td>{f.kind}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

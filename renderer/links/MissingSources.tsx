// `sources:` paths that lead to no file: the code a page describes moved or went. Cairn cannot guess
// the new path, so the fix offered is to drop the entry (the page is also listed as stale).
import type { LinkFinding } from '../../shared/page.ts';
import { pageHref } from '../app/route.ts';
import type { FixFlow } from './fix-flow.ts';

export function MissingSources({ findings, flow }: { findings: LinkFinding[]; flow: FixFlow }) {
  return (
    <section className="panel" aria-label="Missing sources">
      <h2>
        Missing sources <span className="count">{findings.length}</span>
      </h2>
      <p className="muted">
        Files named in a page’s <code>sources</code> that do not exist beside the wiki. Fix the path in the page by hand, or drop the entry.
      </p>
      <table className="table findings">
        <thead>
          <tr>
            <th scope="col">In</th>
            <th scope="col">Source</th>
            <th scope="col" aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {findings.map((f) => (
            <tr key={`${f.root}/${f.source}:${f.line}:${f.target}`}>
              <td>
                <a href={pageHref({ root: f.root, path: f.source }, { agent: f.scope.agent })}>{f.sourceKey}</a>{' '}
                <code className="muted">
                  {f.source}:{f.line}
                </code>
              </td>
              <td>
                <code>{f.target}</code>
              </td>
              <td className="actions">
                <button
                  type="button"
                  className="button small ghost"
                  disabled={flow.busy}
                  onClick={() =>
                    flow.propose({
                      key: f.sourceKey,
                      root: f.root,
                      path: f.source,
                      agent: f.scope.agent,
                      line: f.line,
                      target: f.target,
                      kind: f.kind,
                      action: 'remove',
                    })
                  }
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

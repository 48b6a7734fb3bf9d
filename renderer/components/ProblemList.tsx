// Files an indexing run skipped or failed on, and warnings, each with its file:line and reason.
import type { FileProblem } from '../../shared/indexing.ts';

export function ProblemList({ problems }: { problems: FileProblem[] }) {
  if (problems.length === 0) return <p className="muted">No file was skipped or failed, and there were no warnings.</p>;
  const order = { failed: 0, skipped: 1, warning: 2 } as const;
  const sorted = [...problems].sort((a, b) => order[a.severity] - order[b.severity] || a.path.localeCompare(b.path));
  return (
    <table className="table problems">
      <thead>
        <tr>
          <th scope="col">Severity</th>
          <th scope="col">File</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((p, i) => (
          <tr key={i} className={`problem problem-${p.severity}`} data-severity={p.severity}>
            <td>
              <span className={`badge sev-${p.severity}`}>{p.severity}</span>
            </td>
            <td title={`${p.root}/${p.path}`}>
              <code>
                {p.path}
                {p.line !== null ? `:${p.line}` : ''}
              </code>
            </td>
            <td>{p.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

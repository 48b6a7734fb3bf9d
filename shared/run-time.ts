// How long an indexing run took, in the words every door prints it with: the whole run, then each
// phase ("in 9.02 s: scan 0.10 s, index 0.84 s, …, model 7.61 s, embed 0.31 s").
import type { IndexReport } from './indexing.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function runTime(report: Pick<IndexReport, 'totalMs' | 'phases'>): string {
  const phases = report.phases.map((p) => `${p.phase} ${seconds(p.ms)}`).join(', ');
  return `in ${seconds(report.totalMs)}${phases ? `: ${phases}` : ''}`;
}

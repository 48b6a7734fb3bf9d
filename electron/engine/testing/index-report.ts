// An indexing run's report for tests of what carries one (notices between servers), with the
// fields a test cares about given.
import type { IndexReport } from '../../../shared/indexing.ts';

export function indexReport(over: Partial<IndexReport> = {}): IndexReport {
  return {
    roots: ['/wiki'],
    pages: 12,
    chunks: 40,
    links: 9,
    dangling: 1,
    brokenAnchors: 0,
    indexed: 2,
    unchanged: 10,
    removed: 0,
    skipped: 0,
    failed: 0,
    problems: [],
    brokenByRun: [],
    model: null,
    modelNote: null,
    embedded: 0,
    ms: 12.5,
    semanticMs: 0,
    totalMs: 12.5,
    phases: [],
    ...over,
  };
}

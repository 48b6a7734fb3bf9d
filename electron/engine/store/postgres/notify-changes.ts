// A run's report as a notice to the other servers. PostgreSQL refuses a payload of 8000 bytes or
// more, and a run over a big wiki may list thousands of problems: the notice keeps every count and
// as many of the problems and newly broken links as fit (the doors refresh on it; the full lists
// stay in the index, in status' lastRun).
import { IndexReport } from '../../../../shared/indexing.ts';

/** Below PostgreSQL's limit of 8000 bytes, with room to spare. */
export const MAX_NOTICE_BYTES = 7800;

interface ChangeNotice {
  /** The server that ran it: it hears its own notice, and ignores it. */
  server: string;
  report: IndexReport;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** The notice of `report` from `server`, under MAX_NOTICE_BYTES. */
export function changeNotice(server: string, report: IndexReport): string {
  const encode = (r: IndexReport) => JSON.stringify({ server, report: r } satisfies ChangeNotice);
  const firstOfEach = (n: number): IndexReport => ({ ...report, problems: report.problems.slice(0, n), brokenByRun: report.brokenByRun.slice(0, n) });
  const whole = encode(report);
  if (bytes(whole) <= MAX_NOTICE_BYTES) return whole;
  // the most of each list that fits: a few encodings, however long the lists
  let fits = 0;
  let over = Math.max(report.problems.length, report.brokenByRun.length);
  while (over - fits > 1) {
    const mid = (fits + over) >> 1;
    if (bytes(encode(firstOfEach(mid))) <= MAX_NOTICE_BYTES) fits = mid;
    else over = mid;
  }
  const trimmed = encode(firstOfEach(fits));
  if (bytes(trimmed) <= MAX_NOTICE_BYTES) return trimmed;
  // only long roots or a long note can be in the way now: the counts alone still say what changed
  return encode({ ...firstOfEach(0), roots: [], modelNote: null });
}

/** The notice in `payload`, or null when it is not one (something else sent on the channel). */
export function readChangeNotice(payload: string): ChangeNotice | null {
  try {
    const parsed = JSON.parse(payload) as Partial<ChangeNotice>;
    const report = IndexReport.safeParse(parsed.report);
    return typeof parsed.server === 'string' && report.success ? { server: parsed.server, report: report.data } : null;
  } catch {
    return null;
  }
}

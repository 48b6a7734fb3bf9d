// A run's report as a notice: small enough for PostgreSQL's 8000-byte payload however many
// problems the run had, with every count kept; anything else on the channel is not a notice.
import { describe, expect, it } from 'vitest';
import { indexReport as report } from '../../testing/index-report.ts';
import { changeNotice, MAX_NOTICE_BYTES, readChangeNotice } from './notify-changes.ts';

const problem = (i: number) => ({
  root: '/wiki',
  path: `notes/é-${i}.md`,
  line: i,
  severity: 'warning' as const,
  reason: `a rather long reason number ${i} that takes some room`,
});

describe('change notices', () => {
  it('a small report goes whole', () => {
    const r = report({ problems: [problem(1)] });
    expect(readChangeNotice(changeNotice('s1', r))).toEqual({ server: 's1', report: r });
  });

  it('thousands of problems: the counts and as many problems as fit, under the limit', () => {
    const r = report({ problems: Array.from({ length: 5000 }, (_, i) => problem(i)), failed: 5000 });
    const notice = changeNotice('s1', r);
    expect(Buffer.byteLength(notice)).toBeLessThanOrEqual(MAX_NOTICE_BYTES);
    const back = readChangeNotice(notice)!.report;
    expect(back.failed).toBe(5000);
    expect(back.problems.length).toBeGreaterThan(10);
    expect(back.problems).toEqual(r.problems.slice(0, back.problems.length));
    // one more would not have fitted
    expect(Buffer.byteLength(JSON.stringify({ server: 's1', report: { ...r, problems: r.problems.slice(0, back.problems.length + 1) } }))).toBeGreaterThan(
      MAX_NOTICE_BYTES,
    );
  });

  it('roots too long to send leave the counts', () => {
    const notice = changeNotice('s1', report({ roots: ['/x'.repeat(5000)], pages: 7 }));
    expect(Buffer.byteLength(notice)).toBeLessThanOrEqual(MAX_NOTICE_BYTES);
    expect(readChangeNotice(notice)!.report).toMatchObject({ roots: [], pages: 7 });
  });

  it('something else on the channel is not a notice', () => {
    expect(readChangeNotice('hello')).toBeNull();
    expect(readChangeNotice('{"server":"s1","report":{"pages":"many"}}')).toBeNull();
  });
});

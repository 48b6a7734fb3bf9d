// The page contract's frontmatter fields, checked. A bad value is reported and ignored,
// never "fixed": the file stays as the user wrote it.
import { TIERS, USAGE_MODES } from '../../../shared/page.ts';
import { utcDate } from '../../../shared/clock.ts';
import type { PageFields } from '../store/pages.ts';

const DATE_FIELDS = { updated: 'updated', reviewed: 'reviewed', staleSince: 'stale_since', archivedSince: 'archived_since' } as const;

export function readFields(fm: Record<string, unknown>): { fields: PageFields; warnings: string[] } {
  const warnings: string[] = [];
  const oneOf = (name: string, allowed: readonly string[]): string | null => {
    const v = fm[name];
    if (v === undefined || v === null) return null;
    if (typeof v === 'string' && allowed.includes(v)) return v;
    warnings.push(`frontmatter "${name}" must be one of ${allowed.join('|')}, got ${JSON.stringify(v)}; ignored`);
    return null;
  };
  const text = (name: string): string | null => {
    const v = fm[name];
    if (v === undefined || v === null) return null;
    if (typeof v === 'string' || typeof v === 'number') return String(v);
    warnings.push(`frontmatter "${name}" must be text, got ${JSON.stringify(v)}; ignored`);
    return null;
  };
  const date = (name: string): string | null => {
    const v = fm[name];
    if (v === undefined || v === null) return null;
    const s = v instanceof Date ? utcDate(v) : String(v);
    if (/^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s.slice(0, 10)))) return s.slice(0, 10);
    warnings.push(`frontmatter "${name}" must be a date like 2026-01-31, got ${JSON.stringify(v)}; ignored`);
    return null;
  };
  const fields: PageFields = {
    tier: oneOf('tier', TIERS),
    usageMode: oneOf('usage_mode', USAGE_MODES),
    owner: text('owner'),
    updated: date(DATE_FIELDS.updated),
    reviewed: date(DATE_FIELDS.reviewed),
    staleSince: date(DATE_FIELDS.staleSince),
    archivedSince: date(DATE_FIELDS.archivedSince),
  };
  return { fields, warnings };
}

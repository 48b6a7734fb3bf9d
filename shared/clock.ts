// One clock for the dates Cairn writes into pages and compares (`reviewed`, `archived_since`,
// `updated`, staleness, recency windows): UTC calendar dates, YYYY-MM-DD. A date taken from the
// machine's local calendar would be a day off the ones staleness compares for part of every day.

const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant. */
export function utcDate(at: Date | number = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Today's UTC date: what a review, an archive or a consolidation writes into a page. */
export function todayUtc(): string {
  return utcDate();
}

/** The UTC date `days` days before the instant `now`. */
export function daysBefore(now: Date, days: number): string {
  return utcDate(now.getTime() - days * DAY_MS);
}

/** A UTC date moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return utcDate(d);
}

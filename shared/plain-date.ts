// Dates as people read them, "5 June 2025", from the YYYY-MM-DD (UTC) dates Cairn keeps: the same
// words in a stale page's reasons, written by the engine, and beside them in the app.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2025-06-05" (or an ISO instant, by its UTC date) as "5 June 2025"; anything else as given. */
export function plainDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const month = m && MONTHS[Number(m[2]) - 1];
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : date;
}

/** Whole UTC days from `date` (YYYY-MM-DD or ISO) to the instant `now`. */
export function daysSince(date: string, now: number): number {
  const day = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day) ? 0 : Math.max(0, Math.floor((now - day) / 86_400_000));
}

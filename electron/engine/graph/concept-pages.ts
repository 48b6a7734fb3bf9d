// The pages a concept connects: those that name it (tag, key, title, alias) or mention it. Recall
// and the graph lane step from a page to these; a concept on many pages is not followed.
import type { Db } from '../store/database.ts';

/** A concept shared by more pages than this says little about any two of them: its pages are not followed. */
export const CONCEPT_FANOUT = 30;

/** A lookup, memoized for one walk or search: a concept's pages in id order, or null when it is on too many. */
export function conceptPages(db: Db): (norm: string) => number[] | null {
  const stmt = db.prepare(`SELECT page_id FROM concept_names WHERE norm = @norm UNION SELECT page_id FROM mentions WHERE concept = @norm ORDER BY 1 LIMIT ${CONCEPT_FANOUT + 1}`).pluck();
  const memo = new Map<string, number[] | null>();
  return (norm) => {
    if (!memo.has(norm)) {
      const pages = stmt.all({ norm }) as number[];
      memo.set(norm, pages.length > CONCEPT_FANOUT ? null : pages);
    }
    return memo.get(norm)!;
  };
}

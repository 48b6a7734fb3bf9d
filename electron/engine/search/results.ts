// Fused items become results a person can read: title, the winning section, a snippet, and
// each lane's rank, score and contribution.
import type { FusedItem } from '../../../shared/fusion.ts';
import type { Lane, SearchResult } from '../../../shared/search.ts';
import type { Db } from '../store/database.ts';
import type { PageHit } from './lane.ts';
import { snippet } from './snippet.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../graph/page-rows.ts';

interface Row extends PageSummaryRow {
  usage_mode: string | null;
}

export function describeResults(db: Db, fused: FusedItem[], hits: Partial<Record<Lane, PageHit[]>>, query: string): SearchResult[] {
  const pageStmt = db.prepare(
    `SELECT ${PAGE_SUMMARY_COLUMNS}, p.usage_mode ${PAGE_FROM} WHERE p.id = ?`,
  );
  const chunkStmt = db.prepare(`SELECT heading, line, text FROM chunks WHERE rowid = ?`);
  const firstChunk = db.prepare(`SELECT heading, line, text FROM chunks WHERE page_id = ? ORDER BY ord LIMIT 1`);
  const chunkOf = bestChunks(fused, hits);
  return fused.map((item) => {
    const p = pageStmt.get(item.id) as Row;
    const rowid = chunkOf.get(item.id);
    const chunk = ((rowid !== undefined ? chunkStmt.get(rowid) : undefined) ?? firstChunk.get(item.id)) as { heading: string | null; line: number; text: string } | undefined;
    return {
      ...toPageSummary(p),
      score: item.score,
      heading: chunk?.heading ?? null,
      line: chunk?.line ?? 1,
      snippet: chunk ? snippet(chunk.text, query) : (p.summary ?? ''),
      always: p.usage_mode === 'always',
      lanesMatched: item.lanesMatched,
      lanes: item.lanes,
    };
  });
}

/** The section shown for a page: the one found by the lane that contributed most to it. */
function bestChunks(fused: FusedItem[], hits: Partial<Record<Lane, PageHit[]>>): Map<number, number> {
  const byLane = new Map<Lane, Map<number, number | null>>();
  for (const [lane, list] of Object.entries(hits) as [Lane, PageHit[]][]) byLane.set(lane, new Map(list.map((h) => [h.pageId, h.chunkRowid])));
  const out = new Map<number, number>();
  for (const item of fused) {
    const lanes = (Object.entries(item.lanes) as [Lane, { contribution: number }][]).sort((a, b) => b[1].contribution - a[1].contribution);
    for (const [lane] of lanes) {
      const rowid = byLane.get(lane)?.get(item.id);
      if (rowid !== undefined && rowid !== null) {
        out.set(item.id, rowid);
        break;
      }
    }
  }
  return out;
}

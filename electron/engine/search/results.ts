// Fused items become results a person can read: title, the winning section, a snippet, and
// each lane's rank, score and contribution.
import type { FusedItem } from '../../../shared/fusion.ts';
import type { Lane, SearchResult } from '../../../shared/search.ts';
import type { Db } from '../store/database.ts';
import type { PageHit } from './lane.ts';
import { snippet } from './snippet.ts';

interface Row {
  id: number;
  key: string;
  path: string;
  root: string;
  scope: 'global' | 'user';
  agent: string | null;
  title: string;
  summary: string | null;
  tags: string;
  usage_mode: string | null;
}

export function describeResults(db: Db, fused: FusedItem[], hits: Partial<Record<Lane, PageHit[]>>, query: string): SearchResult[] {
  const pageStmt = db.prepare(
    `SELECT p.id, p.key, f.rel_path AS path, r.path AS root, p.scope, p.agent, p.title, p.summary, p.tags, p.usage_mode
     FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id WHERE p.id = ?`,
  );
  const chunkStmt = db.prepare(`SELECT heading, line, text FROM chunks WHERE rowid = ?`);
  const firstChunk = db.prepare(`SELECT heading, line, text FROM chunks WHERE page_id = ? ORDER BY ord LIMIT 1`);
  const chunkOf = bestChunks(fused, hits);
  return fused.map((item) => {
    const p = pageStmt.get(item.id) as Row;
    const rowid = chunkOf.get(item.id);
    const chunk = ((rowid !== undefined ? chunkStmt.get(rowid) : undefined) ?? firstChunk.get(item.id)) as { heading: string | null; line: number; text: string } | undefined;
    return {
      key: p.key,
      path: p.path,
      root: p.root,
      scope: { kind: p.scope, agent: p.agent },
      title: p.title,
      summary: p.summary,
      tags: JSON.parse(p.tags) as string[],
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

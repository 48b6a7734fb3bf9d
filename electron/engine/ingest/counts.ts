import type { Db } from '../store/database.ts';

export interface IndexCounts {
  pages: number;
  chunks: number;
  links: number;
  dangling: number;
  brokenAnchors: number;
}

export function countIndex(db: Db): IndexCounts {
  return db
    .prepare(
      `SELECT (SELECT count(*) FROM pages) AS pages, (SELECT count(*) FROM chunks) AS chunks,
              (SELECT count(*) FROM links) AS links,
              (SELECT count(*) FROM links WHERE reason = 'missing-page') AS dangling,
              (SELECT count(*) FROM links WHERE reason = 'missing-anchor') AS brokenAnchors`,
    )
    .get() as IndexCounts;
}

// The lines around places in pages, read from the chunks that hold them (a chunk's text is the
// page's lines as written, from its `line` on): a backlink's line, and the first line where another
// page names a page without linking to it. Read for the page view's first backlinks and for
// `mentions`: the places are picked and limited first, then only those look their chunk up, so a
// hub with 9,973 backlinks (interconnected-10k) reads 100 chunks.
import { sql, type RawBuilder } from 'kysely';
import type { Viewer } from '../../../../shared/viewer.ts';
import type { BacklinkLine, MentionLine } from '../links.ts';
import { visibleTo, type Visibility } from '../visibility.ts';
import { condition, type Query } from './query.ts';

/** As backlinks do: the pages a viewer reads, archived ones too. */
const READ: Visibility = { archived: true, never: true };

/** The places (`places`: rows with page_id and line, in the order `order` gives them) with the chunk
 * that holds each: the last of its page to start at or before its line. */
const withChunks = (places: RawBuilder<unknown>, columns: string, order: string) =>
  sql`SELECT ${sql.raw(columns)}, c.line AS "chunkLine", c.text FROM (${places}) w
    LEFT JOIN chunks c ON c.rowid = (SELECT c2.rowid FROM chunks c2 WHERE c2.page_id = w.page_id AND c2.line <= w.line ORDER BY c2.line DESC, c2.ord LIMIT 1)
    ORDER BY ${sql.raw(order)}`;

export async function backlinkLines(q: Query, pageId: number, viewer: Viewer, limit: number): Promise<BacklinkLine[]> {
  const seen = condition(visibleTo(viewer, { ...READ, alias: 'sp' }));
  const places = sql`SELECT l.id, l.page_id, sf.rel_path AS source, sr.path AS "sourceRoot", l.line, l.col AS "column"
    FROM links l JOIN pages sp ON sp.id = l.page_id JOIN files sf ON sf.id = sp.file_id JOIN roots sr ON sr.id = sf.root_id
    WHERE l.target_page_id = ${pageId} AND l.page_id != ${pageId} AND ${seen}
    ORDER BY sf.rel_path, l.line, l.id LIMIT ${limit}`;
  const columns = 'w.source, w."sourceRoot", w.line, w."column"';
  return (await withChunks(places, columns, 'w.source, w.line, w.id').execute(q.db)).rows as BacklinkLine[];
}

export async function unlinkedMentions(q: Query, pageId: number, viewer: Viewer, limit: number): Promise<MentionLine[]> {
  const seen = condition(visibleTo(viewer, READ));
  // the pages linking here, read once (a hub's are thousands), not once per mention
  const places = sql`SELECT m.page_id, m.concept, r.path AS root, f.rel_path AS path, p.key, p.title, p.scope, p.agent, m.line, m.n
    FROM mentions m JOIN pages p ON p.id = m.page_id JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
    WHERE m.concept IN (SELECT fo.concept FROM concept_names n JOIN concept_forms fo ON fo.form = n.norm WHERE n.page_id = ${pageId} AND n.source <> 'tag')
      AND m.page_id != ${pageId}
      AND m.page_id NOT IN (SELECT l.page_id FROM links l WHERE l.target_page_id = ${pageId})
      AND ${seen}
    ORDER BY r.path, f.rel_path, m.line, m.concept LIMIT ${limit}`;
  const columns = 'w.root, w.path, w.key, w.title, w.scope, w.agent, w.line, w.n';
  return (await withChunks(places, columns, 'w.root, w.path, w.line, w.concept').execute(q.db)).rows as MentionLine[];
}

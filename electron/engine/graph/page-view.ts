// One page as the contract's Page: what it says, where it links, and who links to it.
import type { Link, Page } from '../../../shared/page.ts';
import { NotFound } from '../../../shared/errors.ts';
import type { Db } from '../store/database.ts';
import { statementsOf } from '../store/statements.ts';
import { visibleTo } from '../store/sqlite/visibility.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from './page-rows.ts';

interface PageRow extends PageSummaryRow {
  frontmatter: string;
  fm_error: string | null;
  fm_error_line: number | null;
  body: string;
  headings: string;
  provenance: string;
}

interface LinkRow {
  source: string;
  sourceKey: string;
  line: number;
  target: string;
  anchor: string | null;
  label: string | null;
  kind: Link['kind'];
  resolvedKey: string | null;
  resolvedPath: string | null;
  reason: Link['reason'];
}

const LINK_COLUMNS = `sf.rel_path AS source, sp.key AS sourceKey, l.line, l.target, l.anchor, l.label, l.kind,
  tp.key AS resolvedKey, coalesce(tf.rel_path, af.rel_path, l.target_external) AS resolvedPath, l.reason`;
const LINK_FROM = `FROM links l JOIN pages sp ON sp.id = l.page_id JOIN files sf ON sf.id = sp.file_id
  LEFT JOIN pages tp ON tp.id = l.target_page_id LEFT JOIN files tf ON tf.id = tp.file_id
  LEFT JOIN files af ON af.id = l.target_file_id`;

/** The page an agent sees under `key`: its own first, then global; with no agent, the global page. */
export function findPageRow(db: Db, key: string, agent: string | null): PageRow | null {
  const rule = byKey(agent);
  const find = statementsOf(db, pageRowQueries)[agent === null ? 'shared' : 'own'];
  const lower = key.toLowerCase().replace(/\.md$/i, '');
  // a key in another Unicode form is the same name: macOS may spell a file's name in NFD, a client
  // NFC; as with case, it names the page there, never a second file a Mac would hold as one
  for (const k of new Set([lower, lower.normalize('NFC'), lower.normalize('NFD')])) {
    const row = find.get(k, ...rule.params) as PageRow | undefined;
    if (row) return row;
  }
  return null;
}

/** A key names a page in the agent's spaces (its own first, by the ordering: the shared page it
 * shadows is the fallback) or, with no agent, in the shared space; archived pages too. */
const byKey = (agent: string | null) => visibleTo({ agent }, { shadowed: true, archived: true, never: true, sharedOnly: true });

/** Asked at every page read and write, prepared once per connection (store/statements.ts): the rule's text differs only with or without an agent. */
function pageRowQueries(db: Db) {
  const query = (agent: string | null) =>
    db.prepare(
      `SELECT ${PAGE_SUMMARY_COLUMNS}, p.frontmatter, p.fm_error, p.fm_error_line, p.body, p.headings, p.provenance ${PAGE_FROM}
       WHERE p.key_lower = ? AND ${byKey(agent).sql}
       ORDER BY p.scope = 'user' DESC, length(f.rel_path), f.rel_path LIMIT 1`,
    );
  return { own: query('agent'), shared: query(null) };
}

/** The page `key` names in `agent`'s spaces, its backlinks only from pages the viewer reads. */
export function pageView(db: Db, key: string, agent: string | null, viewer: Viewer): Page {
  const row = findPageRow(db, key, agent);
  if (!row) throw new NotFound(`no page with key "${key}"${agent ? ` for agent ${agent}` : ''}; list pages with \`cairn search\``);
  const links = db.prepare(`SELECT ${LINK_COLUMNS} ${LINK_FROM} WHERE l.page_id = ? ORDER BY l.ord`).all(row.id) as LinkRow[];
  const from = visibleTo(viewer, { alias: 'sp', archived: true, never: true });
  const backlinks = db
    .prepare(`SELECT ${LINK_COLUMNS} ${LINK_FROM} WHERE l.target_page_id = ? AND l.page_id != ? AND ${from.sql} ORDER BY sf.rel_path, l.line`)
    .all(row.id, row.id, ...from.params) as LinkRow[];
  const shadowed = row.scope === 'user' ? findPageRow(db, row.key, null) : null;
  return {
    ...toPageSummary(row),
    frontmatter: JSON.parse(row.frontmatter) as Record<string, unknown>,
    frontmatterError: row.fm_error ? `line ${row.fm_error_line}: ${row.fm_error}` : null,
    body: row.body,
    headings: JSON.parse(row.headings) as Page['headings'],
    links,
    backlinks,
    provenance: JSON.parse(row.provenance) as Page['provenance'],
    shadows: shadowed ? shadowed.path : null,
  };
}

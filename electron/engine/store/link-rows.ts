// The link queries' shared parts, which both stores run as written; PostgreSQL folds an unquoted
// alias to lower case, so the camelCase ones are quoted.
import type { LinkFinding } from '../../../shared/page.ts';
import type { Visibility } from './visibility.ts';

/** Reports and backlinks name the pages a viewer reads, archived ones too (their links are still written). */
export const READ: Visibility = { archived: true, never: true };

export const FINDING = `SELECT r.path AS root, f.rel_path AS source, p.key AS "sourceKey", p.scope, p.agent, l.line, l.col AS "column", l.target, l.anchor, l.kind, l.reason
  FROM links l JOIN pages p ON p.id = l.page_id JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;
export const FINDING_ORDER = `ORDER BY r.path, f.rel_path, l.line, l.ord`;

export type FindingRow = Omit<LinkFinding, 'scope'> & { scope: 'global' | 'user'; agent: string | null };

export const toFinding = ({ scope, agent, ...rest }: FindingRow): LinkFinding => ({ ...rest, scope: { kind: scope, agent } });

export const LINK_COLUMNS = `sf.rel_path AS source, sr.path AS "sourceRoot", sp.key AS "sourceKey", l.line, l.target, l.anchor, l.label, l.kind,
  tp.key AS "resolvedKey", coalesce(tf.rel_path, af.rel_path, l.target_external) AS "resolvedPath", tr.path AS "resolvedRoot", l.reason`;
export const LINK_FROM = `FROM links l JOIN pages sp ON sp.id = l.page_id JOIN files sf ON sf.id = sp.file_id JOIN roots sr ON sr.id = sf.root_id
  LEFT JOIN pages tp ON tp.id = l.target_page_id LEFT JOIN files tf ON tf.id = tp.file_id
  LEFT JOIN files af ON af.id = l.target_file_id LEFT JOIN roots tr ON tr.id = coalesce(tf.root_id, af.root_id)`;

export const STORED = `id, page_id, kind, target, anchor, target_key, target_page_id, target_file_id, target_external, reason`;

// the graph's links, grouped in the graph (not with GROUP BY, which sorts every row and took twice as
// long); links to pages (most of them) are read as numbers only
export const TO_PAGES = `SELECT page_id, kind, target_page_id, line FROM links WHERE target_page_id IS NOT NULL AND target_page_id != page_id`;
export const TO_OTHERS = `SELECT page_id, kind, target_file_id, target_external, target, line FROM links WHERE target_page_id IS NULL`;

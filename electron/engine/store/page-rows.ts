// How a page row becomes the contract's PageSummary: one column list for every query that lists
// pages, SQLite-internal (fixed aliases p, f, r); the mapping, which holds no SQL, is the store's (pages.ts).

export const PAGE_SUMMARY_COLUMNS = `p.id, p.key, f.rel_path AS path, r.path AS root, p.scope, p.agent, p.title, p.summary, p.tags, p.content_hash`;
export const PAGE_FROM = `FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;

export { toPageSummary, type PageSummaryRow } from './pages.ts';

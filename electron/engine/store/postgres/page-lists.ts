// The order SQLite gives pages it finds through its dates index (archived_since, reviewed, updated),
// as it does for every query of live pages that names no order (or ties in the order it names):
// PostgreSQL's staleness statements spell it out (the pages repository's own: common/pages.ts).
export const DATES_INDEX_ORDER = `p.reviewed NULLS FIRST, p.updated NULLS FIRST, p.id`;

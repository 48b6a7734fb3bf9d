// What the index holds (pages, chunks, links, broken links), kept as running sums by triggers:
// counting 190k links on every run took a write's run ~22 ms on interconnected-10k, most of a
// write. Each statement adds its rows' share to the row of its connection (pg_backend_pid() % 16),
// as lexical_totals does, so servers writing at once seldom wait on one another's row; the counts
// are the sums of the rows. Statement triggers with transition tables, one per event (PostgreSQL
// allows no more), so a bulk insert moves the sums once; cascades (a page's links) fire them too.
const SLOTS = `slot = pg_backend_pid() % 16`;

/** A trigger function moving the sums by what its transition table holds, times `sign`. */
function mover(name: string, column: 'pages' | 'chunks', table: 'added' | 'removed', sign: 1 | -1): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE index_counts SET ${column} = ${column} + ${sign} * d.n FROM (SELECT count(*) AS n FROM ${table}) d WHERE d.n > 0 AND ${SLOTS};
  RETURN NULL;
END $$;`;
}

/** The links' share of a transition table (or none): all of them, and those missing their page or their anchor. */
function linkShare(table: 'added' | 'removed' | null): string {
  if (table === null) return `(SELECT 0 AS n, 0 AS page_n, 0 AS anchor_n)`;
  return `(SELECT count(*) AS n, count(*) FILTER (WHERE reason = 'missing-page') AS page_n, count(*) FILTER (WHERE reason = 'missing-anchor') AS anchor_n FROM ${table})`;
}

/** A trigger function moving the links' sums by the rows that came (`added`) less those that went (`removed`). */
function linkMover(name: string, added: 'added' | null, removed: 'removed' | null): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE index_counts SET links = links + a.n - r.n, dangling = dangling + a.page_n - r.page_n,
    broken_anchors = broken_anchors + a.anchor_n - r.anchor_n
    FROM ${linkShare(added)} a, ${linkShare(removed)} r
    WHERE (a.n <> r.n OR a.page_n <> r.page_n OR a.anchor_n <> r.anchor_n) AND ${SLOTS};
  RETURN NULL;
END $$;`;
}

export const INDEX_COUNTS_SCHEMA = `
CREATE TABLE index_counts (
  slot integer PRIMARY KEY,
  pages bigint NOT NULL,
  chunks bigint NOT NULL,
  links bigint NOT NULL,
  dangling bigint NOT NULL,
  broken_anchors bigint NOT NULL
);
INSERT INTO index_counts SELECT g, 0, 0, 0, 0, 0 FROM generate_series(0, 15) AS g;
UPDATE index_counts SET pages = (SELECT count(*) FROM pages), chunks = (SELECT count(*) FROM chunks),
  links = (SELECT count(*) FROM links), dangling = (SELECT count(*) FROM links WHERE reason = 'missing-page'),
  broken_anchors = (SELECT count(*) FROM links WHERE reason = 'missing-anchor') WHERE slot = 0;
${mover('index_counts_pages_added', 'pages', 'added', 1)}
${mover('index_counts_pages_removed', 'pages', 'removed', -1)}
${mover('index_counts_chunks_added', 'chunks', 'added', 1)}
${mover('index_counts_chunks_removed', 'chunks', 'removed', -1)}
CREATE TRIGGER index_counts_pages_added AFTER INSERT ON pages REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION index_counts_pages_added();
CREATE TRIGGER index_counts_pages_removed AFTER DELETE ON pages REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION index_counts_pages_removed();
CREATE TRIGGER index_counts_chunks_added AFTER INSERT ON chunks REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION index_counts_chunks_added();
CREATE TRIGGER index_counts_chunks_removed AFTER DELETE ON chunks REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION index_counts_chunks_removed();
${linkMover('index_counts_links_added', 'added', null)}
${linkMover('index_counts_links_removed', null, 'removed')}
${linkMover('index_counts_links_changed', 'added', 'removed')}
CREATE TRIGGER index_counts_links_added AFTER INSERT ON links REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION index_counts_links_added();
CREATE TRIGGER index_counts_links_removed AFTER DELETE ON links REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION index_counts_links_removed();
-- an answer moves a link in or out of the broken ones (relinking)
CREATE TRIGGER index_counts_links_changed AFTER UPDATE ON links REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION index_counts_links_changed();
`;

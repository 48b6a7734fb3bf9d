// The lexical lane's index (BM25 over term statistics kept in tables, as FTS5 keeps them), the
// token lane's page terms, and chunk vectors with the embedding cache and the models they came from.
export const SEARCH_SCHEMA = `
-- per term and chunk: the term's count in the chunk weighted by column (bm25's weights), and the
-- chunk's length in tokens, so ranking a term reads its postings alone (an index-only scan)
CREATE TABLE chunk_terms (
  term text COLLATE "C" NOT NULL,
  chunk_rowid integer NOT NULL,
  tf double precision NOT NULL,
  len integer NOT NULL,
  PRIMARY KEY (term, chunk_rowid) INCLUDE (tf, len)
);
-- every indexed chunk (one without a token too: FTS5 counts its row) with its length and terms
CREATE TABLE chunk_lengths (
  chunk_rowid integer PRIMARY KEY,
  len integer NOT NULL,
  terms text[] COLLATE "C" NOT NULL
);
-- bm25's N and total length, as the sums of a few rows: a write adds to the row of its connection
-- (pg_backend_pid() % 16), so servers writing pages at once (a page write locks only its page)
-- seldom wait on one another's row for the rest of their transactions, nor deadlock over it
CREATE TABLE lexical_totals (
  slot integer PRIMARY KEY,
  chunks bigint NOT NULL,
  tokens bigint NOT NULL
);
INSERT INTO lexical_totals (slot, chunks, tokens) SELECT g, 0, 0 FROM generate_series(0, 15) AS g;
CREATE FUNCTION lexical_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lexical_totals SET chunks = chunks + d.n, tokens = tokens + d.t
    FROM (SELECT count(*) AS n, coalesce(sum(len), 0) AS t FROM added) d WHERE d.n > 0 AND slot = pg_backend_pid() % 16;
  RETURN NULL;
END $$;
CREATE TRIGGER chunk_lengths_added AFTER INSERT ON chunk_lengths REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION lexical_totals_add();
-- Deleted chunks (a page's replaced, a page removed) take their lexical rows and their share of the
-- totals along, once per statement. Not foreign keys: a check per posting halved indexing speed,
-- and a cascade would need a second index on chunk_terms; the chunk's terms find its postings.
CREATE FUNCTION chunks_unindex() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (DELETE FROM chunk_lengths l USING removed r WHERE l.chunk_rowid = r.rowid RETURNING l.chunk_rowid, l.len, l.terms),
  postings AS (DELETE FROM chunk_terms t USING (SELECT chunk_rowid, unnest(terms) AS term FROM gone) d
               WHERE t.term = d.term AND t.chunk_rowid = d.chunk_rowid)
  UPDATE lexical_totals SET chunks = chunks - d.n, tokens = tokens - d.t
    FROM (SELECT count(*) AS n, coalesce(sum(len), 0) AS t FROM gone) d WHERE d.n > 0 AND slot = pg_backend_pid() % 16;
  RETURN NULL;
END $$;
CREATE TRIGGER chunks_unindexed AFTER DELETE ON chunks REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION chunks_unindex();
CREATE TABLE page_terms (
  term text COLLATE "C" NOT NULL,
  page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  PRIMARY KEY (term, page_id)
);
CREATE INDEX page_terms_page ON page_terms(page_id);
CREATE TABLE chunk_vectors (
  rowid integer PRIMARY KEY REFERENCES chunks(rowid) ON DELETE CASCADE,
  hash text COLLATE "C" NOT NULL,
  embedding bytea NOT NULL
);
CREATE TABLE embed_cache (
  model text COLLATE "C" NOT NULL,
  hash text COLLATE "C" NOT NULL,
  vector bytea NOT NULL,
  PRIMARY KEY (model, hash)
);
-- the files of the adaptive model the vectors were computed with (and of one newer, while it
-- takes over), so that every server embeds queries with it, not only the one that learned it
CREATE TABLE embed_models (
  model text COLLATE "C" NOT NULL,
  path text COLLATE "C" NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (model, path)
);
`;

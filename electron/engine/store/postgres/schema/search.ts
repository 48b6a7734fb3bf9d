// The lexical lane's index (BM25 over term statistics kept in tables, as FTS5 keeps them), the
// token lane's page terms, and chunk vectors with the embedding cache.
export const SEARCH_SCHEMA = `
CREATE TABLE chunk_terms (
  term text COLLATE "C" NOT NULL,
  chunk_rowid integer NOT NULL REFERENCES chunks(rowid) ON DELETE CASCADE,
  tf real NOT NULL,
  PRIMARY KEY (term, chunk_rowid)
);
CREATE INDEX chunk_terms_chunk ON chunk_terms(chunk_rowid);
CREATE TABLE chunk_lengths (
  chunk_rowid integer PRIMARY KEY REFERENCES chunks(rowid) ON DELETE CASCADE,
  len integer NOT NULL
);
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
`;

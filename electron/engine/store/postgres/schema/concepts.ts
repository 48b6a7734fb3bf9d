// Concepts, mentions, prose signatures, the skill registry: derived by indexing runs.
// SQLite's triggers (store/migrations.ts) become PL/pgSQL ones with the same effect.
export const CONCEPTS_SCHEMA = `
-- rowid: SQLite's, the order names were stored in (ConceptRepo.names), given as the highest + 1 as
-- SQLite gives it, so rows copied with their rowid keep their place before rows written after
CREATE TABLE concept_names (
  rowid integer PRIMARY KEY,
  page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  source text COLLATE "C" NOT NULL,
  name text COLLATE "C" NOT NULL,
  norm text COLLATE "C" NOT NULL
);
CREATE INDEX concept_names_page ON concept_names(page_id);
CREATE INDEX concept_names_norm ON concept_names(norm);
CREATE TABLE concepts (
  norm text COLLATE "C" PRIMARY KEY,
  name text COLLATE "C" NOT NULL,
  variants text COLLATE "C" NOT NULL,
  sources integer NOT NULL,
  mentions integer NOT NULL DEFAULT 0
);
CREATE TABLE mentions (
  page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  concept text COLLATE "C" NOT NULL,
  line integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (page_id, concept)
);
CREATE INDEX mentions_concept ON mentions(concept);
CREATE TABLE concept_forms (form text COLLATE "C" PRIMARY KEY, concept text COLLATE "C" NOT NULL);
CREATE INDEX concept_forms_concept ON concept_forms(concept);
-- a new index matches every page at its first refresh, as SQLite's migrations 10 and 13 say
INSERT INTO meta (key, value) VALUES ('concepts_all', '1');
CREATE TABLE concept_dirty (norm text COLLATE "C" PRIMARY KEY);
CREATE TABLE mentions_gone (concept text COLLATE "C" PRIMARY KEY);
CREATE FUNCTION concept_names_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN INSERT INTO concept_dirty (norm) VALUES (OLD.norm) ON CONFLICT DO NOTHING; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN INSERT INTO concept_dirty (norm) VALUES (NEW.norm) ON CONFLICT DO NOTHING; END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER concept_names_dirty AFTER INSERT OR UPDATE OR DELETE ON concept_names FOR EACH ROW EXECUTE FUNCTION concept_names_dirty();
CREATE FUNCTION page_mentions_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mentions_gone (concept) SELECT concept FROM mentions WHERE page_id = OLD.id ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;
CREATE TRIGGER page_mentions_gone BEFORE DELETE ON pages FOR EACH ROW EXECUTE FUNCTION page_mentions_gone();
CREATE TABLE prose_sigs (
  page_id integer PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  sig bytea NOT NULL,
  seq bigint NOT NULL
);
CREATE INDEX prose_sigs_seq ON prose_sigs(seq);
-- a stamp above every stamp before it, on every insert and every update of sig (SQLite's triggers
-- prose_sigs_added/changed): the highest + 1, as there, not a sequence, whose values a copy of an
-- SQLite index would leave behind its rows; writers hold the index lock, so stamps follow commits.
-- A row inserted with its stamp (a copy) keeps it.
CREATE FUNCTION prose_sigs_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR NEW.seq IS NULL THEN
    NEW.seq := coalesce((SELECT max(seq) FROM prose_sigs), 0) + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER prose_sigs_stamp BEFORE INSERT OR UPDATE OF sig ON prose_sigs FOR EACH ROW EXECUTE FUNCTION prose_sigs_stamp();
CREATE TABLE skill_agents (
  id text COLLATE "C" PRIMARY KEY,
  name text COLLATE "C" NOT NULL,
  projects text COLLATE "C" NOT NULL DEFAULT '[]'
);
-- id: the highest + 1, as SQLite gives it (PgRegistry.replace), so ids match SQLite's for the same
-- refreshes (an upsert would spend identity values on rows that exist) and after a copy
CREATE TABLE registrations (
  id integer PRIMARY KEY,
  agent text COLLATE "C" NOT NULL,
  skill text COLLATE "C" NOT NULL,
  tier text COLLATE "C" NOT NULL,
  category text COLLATE "C" NOT NULL,
  aliases text COLLATE "C" NOT NULL DEFAULT '[]',
  level text COLLATE "C" NOT NULL,
  doc_path text COLLATE "C",
  claim text COLLATE "C",
  claim_hash text COLLATE "C" NOT NULL,
  status text COLLATE "C" NOT NULL,
  reason text COLLATE "C",
  origin text COLLATE "C" NOT NULL,
  origin_root text COLLATE "C",
  evidence_root text COLLATE "C",
  evidence_path text COLLATE "C",
  evidence_page_id integer,
  decided_by text COLLATE "C",
  decided_at text COLLATE "C",
  note text COLLATE "C",
  UNIQUE (agent, skill, tier)
);
CREATE INDEX registrations_skill ON registrations(skill);
-- rowid: SQLite's, the order problems were written in (those on one line stay in it)
CREATE TABLE skill_problems (rowid integer NOT NULL, path text COLLATE "C" NOT NULL, line integer, reason text COLLATE "C" NOT NULL);
`;

// Schema versions, applied in order by PRAGMA user_version. Append, never edit a shipped step:
// a user's database at version N runs exactly the steps after N.
import type Database from 'better-sqlite3';
import { moveHistoryOutOfIndex } from './history.ts';

/** Step 18's: the pages with inline links, read again by the next run. */
const LINKED_PAGES_READ_AGAIN = `
  UPDATE files SET mtime_ms = -1 WHERE id IN (SELECT p.file_id FROM pages p JOIN links l ON l.page_id = p.id WHERE l.kind IN ('wikilink', 'embed', 'markdown'));
  UPDATE pages SET prose = NULL WHERE id IN (SELECT page_id FROM links WHERE kind IN ('wikilink', 'embed', 'markdown'));
`;

/** Step 20's: a page whose body may hold an inline tag, as GLOB can say it (char(9), (10), (13): tab, line ends). */
const MAY_HAVE_INLINE_TAG = `(body GLOB '#[^ #' || char(9, 10, 13) || ']*' OR body GLOB '*[ ' || char(9, 10, 13) || ']#[^ #' || char(9, 10, 13) || ']*')`;

/** A step is SQL, or a function where SQL cannot say it (SQLite has no ADD COLUMN IF NOT EXISTS). */
type Step = string | ((db: Database.Database) => void);

const STEPS: ReadonlyArray<Step> = [
  // 1: files, pages, chunks, links
  `
  CREATE TABLE roots (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    scoped INTEGER NOT NULL DEFAULT 0          -- 1: root holds global/ and user/<agent>/
  );
  CREATE TABLE files (
    id INTEGER PRIMARY KEY,
    root_id INTEGER NOT NULL REFERENCES roots(id) ON DELETE CASCADE,
    rel_path TEXT NOT NULL,
    rel_lower TEXT NOT NULL,
    name_lower TEXT NOT NULL,
    is_page INTEGER NOT NULL,
    mtime_ms REAL NOT NULL,
    size INTEGER NOT NULL,
    status TEXT NOT NULL,                      -- indexed | skipped | attachment
    reason TEXT,                               -- why skipped, or a warning for an indexed page
    UNIQUE (root_id, rel_path)
  );
  CREATE INDEX files_name ON files(name_lower);
  CREATE INDEX files_rel ON files(rel_lower);
  CREATE TABLE pages (
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL UNIQUE REFERENCES files(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    key_lower TEXT NOT NULL,
    scope TEXT NOT NULL,                       -- global | user
    agent TEXT,
    title TEXT NOT NULL,
    summary TEXT,
    tags TEXT NOT NULL,                        -- JSON array
    frontmatter TEXT NOT NULL,                 -- JSON object
    fm_error TEXT,
    fm_error_line INTEGER,
    body TEXT NOT NULL,
    plain TEXT NOT NULL,
    headings TEXT NOT NULL,                    -- JSON [{level,text,line}]
    block_ids TEXT NOT NULL,                   -- JSON [id]
    provenance TEXT NOT NULL,                  -- JSON [{from,line}]
    tier TEXT, usage_mode TEXT, owner TEXT,
    updated TEXT, reviewed TEXT, stale_since TEXT, archived_since TEXT,
    content_hash TEXT NOT NULL
  );
  CREATE INDEX pages_key ON pages(key_lower);
  CREATE TABLE chunks (
    rowid INTEGER PRIMARY KEY,                 -- the vector tables key on this
    id TEXT NOT NULL,                          -- stable: page key + heading path
    page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    ord INTEGER NOT NULL,
    heading TEXT,
    heading_path TEXT NOT NULL,                -- JSON array
    text TEXT NOT NULL,
    hash TEXT NOT NULL,
    line INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX chunks_page ON chunks(page_id, id);
  CREATE TABLE links (
    id INTEGER PRIMARY KEY,
    page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    ord INTEGER NOT NULL,
    line INTEGER NOT NULL,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    anchor TEXT,
    label TEXT,
    target_page_id INTEGER REFERENCES pages(id) ON DELETE SET NULL,
    target_file_id INTEGER REFERENCES files(id) ON DELETE SET NULL,
    target_external TEXT,
    reason TEXT                                -- null | missing-page | missing-anchor
  );
  CREATE INDEX links_page ON links(page_id);
  CREATE INDEX links_target ON links(target_page_id);
  CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    roots TEXT NOT NULL,
    counts TEXT NOT NULL,
    ms REAL
  );
  `,
  // 2: search. FTS5 over chunks (with the page's key, title, summary and tags on every chunk so a
  // title hit lifts all its sections), written beside each chunk by the page writer and deleted
  // with it by a trigger; the words of each
  // page's key/title/summary/tags for the token lane; a cache of vectors. The vec0 table itself is made
  // for the embedding model in use (its dimension), see embed/vector-store.ts.
  `
  CREATE VIRTUAL TABLE chunks_fts USING fts5(
    key, title, summary, tags, body,
    content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
    DELETE FROM chunks_fts WHERE rowid = old.rowid;
  END;
  CREATE TABLE page_terms (
    term TEXT NOT NULL,
    page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    PRIMARY KEY (term, page_id)
  ) WITHOUT ROWID;
  CREATE INDEX page_terms_page ON page_terms(page_id);
  ALTER TABLE pages ADD COLUMN term_count INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  -- Vectors already computed, by model and chunk text hash: an unchanged section is never
  -- re-embedded, even when its page was rewritten or moved.
  CREATE TABLE embed_cache (
    model TEXT NOT NULL,
    hash TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (model, hash)
  ) WITHOUT ROWID;
  `,
  // 3: crash safety and incremental relinking. A run is recorded (with its process) before it
  // writes; one left 'running' by a dead process forces a full relink. Each link keeps the key it
  // points at, so a change relinks only the links to the keys that appeared or disappeared.
  // Existing links get their target_key from the full relink the 'relink_all' flag asks for.
  `
  ALTER TABLE runs ADD COLUMN state TEXT NOT NULL DEFAULT 'done';  -- running | linked | done | interrupted
  ALTER TABLE runs ADD COLUMN pid INTEGER;
  ALTER TABLE runs ADD COLUMN process TEXT;                        -- who ran it: machine, boot, start time (pids are reused)
  ALTER TABLE links ADD COLUMN target_key TEXT NOT NULL DEFAULT '';
  CREATE INDEX links_target_key ON links(target_key);
  CREATE INDEX links_source ON links(page_id) WHERE kind = 'source';
  -- What the last full walk of a root found that is not a file's own problem (unreadable folders,
  -- symlink loops, symlinks out of the root): kept so a run that looks at a few paths still reports them.
  CREATE TABLE walk_problems (
    root_id INTEGER NOT NULL REFERENCES roots(id) ON DELETE CASCADE,
    rel_path TEXT NOT NULL,
    severity TEXT NOT NULL,
    reason TEXT NOT NULL
  );
  CREATE INDEX walk_problems_root ON walk_problems(root_id);
  INSERT INTO meta (key, value) VALUES ('relink_all', '1') ON CONFLICT (key) DO UPDATE SET value = '1';
  `,
  // 4: the audit log: every write Cairn makes to a page, by whom, with the content before and after.
  `
  CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,                      -- write | create | review | archive
    root TEXT NOT NULL,
    path TEXT NOT NULL,
    key TEXT NOT NULL,
    hash_before TEXT,                          -- null for a page it created
    hash_after TEXT NOT NULL
  );
  CREATE INDEX audit_key ON audit(key);
  `,
  // 5: which pages are stale and why, derived at each run (never written into a page).
  `
  CREATE TABLE staleness (
    page_id INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
    since TEXT NOT NULL,
    reasons TEXT NOT NULL                      -- JSON [{kind, detail}]
  );
  -- the dates staleness reads, without reading the large page rows
  CREATE INDEX pages_dates ON pages(archived_since, reviewed, updated);
  `,
  // 6: the audit log keeps the bytes a write replaced, so a write can be undone; an undone creation
  // removes the file, so hash_after may be null; fixes say what they did.
  `
  CREATE TABLE audit_v6 (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,                      -- write | create | review | archive | fix | undo
    root TEXT NOT NULL,
    path TEXT NOT NULL,
    key TEXT NOT NULL,
    hash_before TEXT,                          -- null: the write created the file
    hash_after TEXT,                           -- null: the write removed the file
    text_before BLOB,                          -- the bytes replaced (null for a creation, and before schema 6)
    detail TEXT
  );
  INSERT INTO audit_v6 (id, at, actor, action, root, path, key, hash_before, hash_after)
    SELECT id, at, actor, action, root, path, key, hash_before, hash_after FROM audit;
  DROP TABLE audit;
  ALTER TABLE audit_v6 RENAME TO audit;
  CREATE INDEX audit_key ON audit(key);
  `,
  // 7: pages no longer keep a second, markup-free copy of their body: nothing read it, and writing
  // it was a fifth of a full index's bytes.
  `
  ALTER TABLE pages DROP COLUMN plain;
  `,
  // 8: the skill registry, derived at each run from the registry files, the project manifests and
  // the decisions people made (.cairn/skill-decisions.yaml): rows are kept when their source goes
  // (withdrawn) or their evidence does (invalid), never deleted.
  `
  CREATE TABLE skill_agents (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    projects TEXT NOT NULL DEFAULT '[]'        -- JSON: absolute folders
  );
  CREATE TABLE registrations (
    id INTEGER PRIMARY KEY,
    agent TEXT NOT NULL,
    skill TEXT NOT NULL,
    tier TEXT NOT NULL,                        -- auto | explicit
    category TEXT NOT NULL,
    aliases TEXT NOT NULL DEFAULT '[]',
    level TEXT NOT NULL,
    doc_path TEXT,
    claim TEXT,
    claim_hash TEXT NOT NULL,                  -- what a decision was about
    status TEXT NOT NULL,                      -- pending | approved | rejected | withdrawn | invalid
    reason TEXT,
    origin TEXT NOT NULL,
    origin_root TEXT,                          -- the root of the registry file (where decisions are kept)
    evidence_root TEXT,
    evidence_path TEXT,
    evidence_page_id INTEGER,
    decided_by TEXT,
    decided_at TEXT,
    note TEXT,
    UNIQUE (agent, skill, tier)
  );
  CREATE INDEX registrations_skill ON registrations(skill);
  CREATE TABLE skill_problems (
    path TEXT NOT NULL,
    line INTEGER,
    reason TEXT NOT NULL
  );
  `,
  // 9: outcome events: each recall and expert answer an agent got (what it returned), and what the
  // agent later said came of it; query_outcomes aggregates them and calibration counts used pages.
  `
  CREATE TABLE query_events (
    id TEXT PRIMARY KEY,                       -- q- and 16 hex digits, handed to the agent
    kind TEXT NOT NULL,                        -- recall | expert
    query TEXT NOT NULL,
    agent TEXT,
    session_id TEXT,
    at TEXT NOT NULL,
    returned TEXT NOT NULL                     -- JSON array of page keys, in order
  );
  CREATE INDEX query_events_query ON query_events(query);
  CREATE TABLE query_outcomes (
    id INTEGER PRIMARY KEY,
    query_id TEXT NOT NULL REFERENCES query_events(id) ON DELETE CASCADE,
    outcome TEXT NOT NULL,
    used_keys TEXT NOT NULL,                   -- JSON array of page keys
    note TEXT,
    agent TEXT,
    at TEXT NOT NULL
  );
  CREATE INDEX query_outcomes_query ON query_outcomes(query_id);
  `,
  // 10: concepts (concepts/): each page's prose outside code as normal words, the names it gives
  // concepts (tags, key, title, frontmatter aliases), the dictionary merged from them, and the
  // concepts each page mentions, by the concept's canonical normal form
  `
  ALTER TABLE pages ADD COLUMN prose TEXT;
  CREATE TABLE concept_names (
    page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    source TEXT NOT NULL,                      -- tag | key | title | alias
    name TEXT NOT NULL,                        -- as written
    norm TEXT NOT NULL                         -- concepts/words.ts normalForm
  );
  CREATE INDEX concept_names_page ON concept_names(page_id);
  CREATE TABLE concepts (
    norm TEXT PRIMARY KEY,                     -- canonical normal form
    name TEXT NOT NULL,                        -- canonical name, as most often written
    variants TEXT NOT NULL,                    -- JSON array of the names merged into it
    sources INTEGER NOT NULL,                  -- pages that name it
    mentions INTEGER NOT NULL DEFAULT 0        -- pages that mention it
  ) WITHOUT ROWID;
  CREATE TABLE mentions (
    page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    concept TEXT NOT NULL,                     -- concepts.norm
    line INTEGER NOT NULL,                     -- first line that mentions it
    n INTEGER NOT NULL,
    PRIMARY KEY (page_id, concept)
  ) WITHOUT ROWID;
  CREATE INDEX mentions_concept ON mentions(concept);
  INSERT INTO meta (key, value) VALUES ('concepts_all', '1') ON CONFLICT (key) DO UPDATE SET value = '1';
  `,
  // 11: pages indexed before concepts have no prose and no concept names: the next run reads their
  // files again (a stat that matches no file) and, their prose being missing, parses and writes them
  `
  UPDATE files SET mtime_ms = -1 WHERE id IN (SELECT file_id FROM pages WHERE prose IS NULL);
  `,
  // 12: the pages that name a concept, found by the concept: the graph lane and recall ask it for
  // every concept of their seeds, and without this each question scanned every name (on
  // interconnected-10k the graph lane took ~200 ms of a search)
  `
  CREATE INDEX IF NOT EXISTS concept_names_norm ON concept_names(norm);
  `,
  // 13: concepts kept up by difference (concepts/stored.ts): the matched forms as a table instead of
  // a JSON value in meta; the normal forms of names added or removed since the last refresh, and
  // the concepts a deleted page mentioned (their counts change), put there by triggers; each
  // page's signature (a Bloom filter of its prose words), so that a new form is looked for only in
  // pages that may hold it. The next run groups and matches everything once. IF NOT EXISTS: a
  // database set back to an earlier version runs it again.
  `
  CREATE TABLE IF NOT EXISTS concept_forms (
    form TEXT PRIMARY KEY,                     -- a normal form pages are matched against
    concept TEXT NOT NULL                      -- concepts.norm
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS concept_forms_concept ON concept_forms(concept);
  CREATE TABLE IF NOT EXISTS concept_dirty (norm TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TRIGGER IF NOT EXISTS concept_names_added AFTER INSERT ON concept_names BEGIN
    INSERT OR IGNORE INTO concept_dirty (norm) VALUES (new.norm);
  END;
  CREATE TRIGGER IF NOT EXISTS concept_names_removed AFTER DELETE ON concept_names BEGIN
    INSERT OR IGNORE INTO concept_dirty (norm) VALUES (old.norm);
  END;
  CREATE TRIGGER IF NOT EXISTS concept_names_changed AFTER UPDATE ON concept_names BEGIN
    INSERT OR IGNORE INTO concept_dirty (norm) VALUES (old.norm), (new.norm);
  END;
  CREATE TABLE IF NOT EXISTS mentions_gone (concept TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TRIGGER IF NOT EXISTS page_mentions_gone BEFORE DELETE ON pages BEGIN
    INSERT OR IGNORE INTO mentions_gone (concept) SELECT concept FROM mentions WHERE page_id = old.id;
  END;
  CREATE TABLE IF NOT EXISTS prose_sigs (
    page_id INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
    sig BLOB NOT NULL                          -- concepts/matcher.ts signatureOf(pages.prose)
  );
  DELETE FROM meta WHERE key = 'concept_forms';
  INSERT INTO meta (key, value) VALUES ('concepts_all', '1') ON CONFLICT (key) DO UPDATE SET value = '1';
  `,
  // 14: the audit log, query events and outcomes leave the index for the history file beside it
  // (store/sqlite/history.ts), which nothing rebuilds: migrate() copies their rows there, committed, before
  // this step drops them. main. always: unqualified, a name missing here would find the history's.
  `
  DROP TABLE IF EXISTS main.query_outcomes;
  DROP TABLE IF EXISTS main.query_events;
  DROP TABLE IF EXISTS main.audit;
  `,
  // 15: the runs still open (running, unlinked, linked), found by their state: every search, page
  // and links answer asks whether the index is whole (ingest/runs.ts readersNotice), and every
  // write is a run, so without this each answer scanned every run ever made (3 ms at 20,000 runs)
  `
  CREATE INDEX IF NOT EXISTS runs_state ON runs(state);
  `,
  // 16: what every run reports (and every write is a run), found without reading the whole index:
  // the broken links counted, the files with a problem, the pages whose frontmatter failed (the
  // report of one write on 10,000 pages read all 189k links twice and every file and page row)
  `
  CREATE INDEX IF NOT EXISTS links_broken ON links(reason) WHERE reason IS NOT NULL;
  CREATE INDEX IF NOT EXISTS files_problems ON files(root_id) WHERE reason IS NOT NULL;
  CREATE INDEX IF NOT EXISTS pages_fm_error ON pages(file_id) WHERE fm_error IS NOT NULL;
  `,
  // 17: each prose signature stamped, by a trigger, with a number above every stamp before it, so
  // that a process holding the signatures in memory (concepts/signatures.ts) reads again only
  // those stamped since it last looked: a write that adds a name read all 10,000 from the table
  // (~6 MB, 15-25 ms) to find the pages that may mention it. Writers hold one lock, so stamps
  // follow commits. Rows from before are stamped 0 (read on the first look). The table is made
  // again rather than altered: a database set back to an earlier version runs this again.
  `
  CREATE TABLE prose_sigs_17 (
    page_id INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
    sig BLOB NOT NULL,                         -- concepts/matcher.ts signatureOf(pages.prose)
    seq INTEGER NOT NULL DEFAULT 0             -- above every stamp before it (triggers below)
  );
  INSERT INTO prose_sigs_17 (page_id, sig) SELECT page_id, sig FROM prose_sigs;
  DROP TABLE prose_sigs;
  ALTER TABLE prose_sigs_17 RENAME TO prose_sigs;
  CREATE INDEX IF NOT EXISTS prose_sigs_seq ON prose_sigs(seq);
  CREATE TRIGGER IF NOT EXISTS prose_sigs_added AFTER INSERT ON prose_sigs BEGIN
    UPDATE prose_sigs SET seq = (SELECT max(seq) FROM prose_sigs) + 1 WHERE page_id = new.page_id;
  END;
  CREATE TRIGGER IF NOT EXISTS prose_sigs_changed AFTER UPDATE OF sig ON prose_sigs BEGIN
    UPDATE prose_sigs SET seq = (SELECT max(seq) FROM prose_sigs) + 1 WHERE page_id = new.page_id;
  END;
  `,
  // 18: where on its line each link starts, so a fix edits the link a finding names and nothing
  // else written alike on that line (in a code span, say). The pages with inline links are read
  // again by the next run (their prose set to null, as step 11 did), which fills the column in.
  // The column is added only where it is missing: a database set back to an earlier version runs this again.
  (db) => {
    const columns = db.pragma('table_info(links)') as { name: string }[];
    if (!columns.some((c) => c.name === 'col')) db.exec('ALTER TABLE links ADD COLUMN col INTEGER');
    db.exec(LINKED_PAGES_READ_AGAIN);
  },
  // 19: the statements that write a signature stamp it themselves (sqlite/concept-sql.ts): the
  // triggers that did cost a full index of interconnected-10k 2.2 s of its 10.6 (0.22 ms a page,
  // against 4 µs without them, measured in the indexer; not reproduced on a bare table).
  `
  DROP TRIGGER IF EXISTS prose_sigs_added;
  DROP TRIGGER IF EXISTS prose_sigs_changed;
  `,
  // 20: inline `#tags` are tags (shared/markdown/tags.ts): the pages whose body may hold one (a `#`
  // after whitespace, then neither whitespace nor another `#`: a heading's `# ` is none) are read
  // again by the next run (their prose set to null, as step 11 did), which finds their tags
  `
  UPDATE files SET mtime_ms = -1 WHERE id IN (SELECT file_id FROM pages WHERE ${MAY_HAVE_INLINE_TAG});
  UPDATE pages SET prose = NULL WHERE ${MAY_HAVE_INLINE_TAG};
  `,
];

/** The first version without the history in it: reaching it moves the history out first. */
const HISTORY_LEFT = 14;

export const SCHEMA_VERSION = STEPS.length;

const version = (db: Database.Database) => db.pragma('user_version', { simple: true }) as number;

/** Brings the index to `upTo` (tests build older indexes with it). The history file must be
 * attached (store/sqlite/history.ts) when the index still holds the history it is to give up. */
export function migrate(db: Database.Database, upTo = SCHEMA_VERSION): void {
  const current = version(db);
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `the index database was written by a newer Cairn (schema ${current}, this one knows ${SCHEMA_VERSION}); ` + 'upgrade Cairn or point --db at another file',
    );
  }
  if (current >= upTo) return;
  if (db.readonly)
    throw new Error(`it is read-only and was written by an older Cairn (schema ${current} of ${SCHEMA_VERSION}): open it once with write access to upgrade it`);
  if (current < HISTORY_LEFT && upTo >= HISTORY_LEFT) {
    // three commits, in this order, so a crash between any two loses nothing: the index reaches
    // the last schema that holds the history, the history file gets its rows, then the index drops them
    runSteps(db, HISTORY_LEFT - 1);
    moveHistoryOutOfIndex(db);
  }
  runSteps(db, upTo);
}

/** IMMEDIATE, and the version read again inside: two processes opening one new database migrate it once. */
function runSteps(db: Database.Database, upTo: number): void {
  db.transaction(() => {
    for (let v = version(db); v < upTo; v++) {
      const step = STEPS[v]!;
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${v + 1}`);
    }
  }).immediate();
}

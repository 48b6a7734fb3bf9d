// The advisory locks Cairn's servers share in one PostgreSQL database, by number. Two keys far
// from anything else an application in the same database is likely to use.

/** Held while the schema migrates. */
export const MIGRATION_LOCK = 0x6361_6972_0001;
/** Held by each write transaction of the index: index writes go one at a time, as in SQLite. */
export const INDEX_WRITE_LOCK = 0x6361_6972_0002;
/** Held for its whole session by the server that watches the folder and runs full re-indexes. */
export const LEADER_LOCK = 0x6361_6972_0003;
/** With a run's id, (RUN_LOCKS, id): held for its session by the process running that run (run-locks.ts). */
export const RUN_LOCKS = 0x6361_6972;

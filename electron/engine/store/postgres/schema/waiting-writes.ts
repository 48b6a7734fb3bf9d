// Written pages waiting for a run, whichever server wrote them (postgres/waiting-writes.ts). No
// unique key: a write adding a path that a run's uncommitted DELETE is taking would wait for that
// run (which may itself wait for a pooled connection that write holds); a path waiting twice is
// taken once.
export const WAITING_WRITES_SCHEMA = `CREATE TABLE waiting_writes (
  path text NOT NULL,
  since timestamptz NOT NULL DEFAULT now()
);`;

// Written pages waiting for a run, whichever server wrote them (postgres/waiting-writes.ts).
export const WAITING_WRITES_SCHEMA = `CREATE TABLE waiting_writes (
  path text PRIMARY KEY,
  since timestamptz NOT NULL DEFAULT now()
);`;

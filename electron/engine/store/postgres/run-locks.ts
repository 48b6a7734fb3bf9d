// Whether the process that started an indexing run still runs it, when servers on several machines
// share one PostgreSQL database (ingest/runs.ts says why it matters: a run that died before it
// relinked is repaired by the next one, a live one must be left alone).
//
// The SQLite answer, a pid and that process's start identity (ingest/runs.ts isAlive), holds on one
// machine only: asked on host B, host A's pid names another process or none, so every run of A
// would look dead and be "repaired" while it writes. Recording the host beside the pid does not
// help: B cannot ask A whether a process lives, and taking an unknown host's run for alive would
// leave a dead host's half-done run unrepaired for ever.
//
// So the database answers: a run holds a session-level advisory lock (RUN_LOCKS, its id) on a
// connection of its own from start to end, and any server reads pg_locks to learn whether that
// connection still lives. A process that dies (kill -9, a crash) closes its connection and the
// server lets go of the lock at once; a machine that vanishes (power loss) is noticed by the
// server's TCP keepalives, set short on that connection. The lock is taken before the run's row
// commits and let go only after its end is committed (or, on failure, when nothing more will be
// written), so a run seen open and unlocked is dead. A lock connection that breaks while its run
// goes on makes that run look dead: another run then relinks it needlessly, one relink too many,
// never a graph left wrong.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type pg from 'pg';
import { RUN_LOCKS } from './locks.ts';
import type { RunLiveness } from '../common/runs.ts';
import type { Sql } from './sql.ts';

/** A host gone silent is given up after about a minute (idle 30 s, then 3 probes 10 s apart),
 * not the system's two hours; ignored on a Unix socket, where a peer cannot vanish. */
const KEEPALIVES = `SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3`;

export class RunLocks implements RunLiveness {
  /** This process's runs, each with the connection that holds its lock: only this process can let go of them. */
  private readonly held = new Map<number, pg.PoolClient>();

  constructor(private readonly sql: Sql) {}

  /** Holds the run's lock until `release`; throws (holding nothing) when it cannot be taken. */
  async take(runId: number): Promise<void> {
    // a second take would hand the first connection, lock and all, to nobody
    if (this.held.has(runId)) return;
    // a connection that breaks (its error is heard by the pool's listener, pg-store.ts) has let go
    // of the lock: the run looks dead, which costs a relink
    const client = await this.sql.connection();
    try {
      // a pooled connection, set for this lock again: opening one for each run cost a write a new
      // server process (the keepalives only make a dead peer noticed sooner on the pool's others)
      await client.query(`${KEEPALIVES}; SELECT pg_advisory_lock(${RUN_LOCKS}, ${Math.trunc(runId)})`);
      // a server that closes idle sessions (idle_session_timeout, PostgreSQL 14+) would drop the lock mid-run
      await client.query(`SET idle_session_timeout = 0`).catch(() => {});
    } catch (err) {
      client.release(true);
      throw err;
    }
    this.held.set(runId, client);
  }

  /** Lets go of the run's lock (nothing when this process does not hold it); never throws. */
  async release(runId: number): Promise<void> {
    const client = this.held.get(runId);
    if (!client) return;
    this.held.delete(runId);
    // closing the connection alone would let go too, but only once the server has read the close:
    // the unlock is done when it answers
    const unlocked = await client.query(`SELECT pg_advisory_unlock($1, $2)`, [RUN_LOCKS, runId]).then(
      () => true,
      () => false,
    );
    // back to the pool when it let go; a connection that could not say so is closed
    client.release(!unlocked);
  }

  /** Whether some session of this database holds the run's lock (advisory locks are per database). */
  alive(runId: Expression<number>): RawBuilder<SqlBool> {
    return sql<SqlBool>`EXISTS (SELECT 1 FROM pg_locks
       WHERE locktype = 'advisory' AND classid = ${sql.lit(RUN_LOCKS)} AND objsubid = 2 AND granted AND objid::integer = ${runId}
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))`;
  }
}

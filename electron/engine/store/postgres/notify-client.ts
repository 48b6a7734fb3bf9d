// A connection of its own, outside the store's pool, for what lives as long as a session: LISTEN
// (notices reach only the session that listens) and the leader's advisory lock (held until the
// session ends). Both must learn soon that their connection is gone, so each query has a time
// limit, and the socket is kept alive by TCP probes as well. The database must learn it as soon:
// a leader cut off by the network (no word from its side) keeps its session, and so the lock, until
// the server gives up on it, after the operating system's two hours unless the session says less.
import pg from 'pg';

/** How long connecting or a query on such a connection may take before it is taken for dead. */
const DEAD_AFTER_MS = 5000;

const SERVER_SIDE_PROBES = 'SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3';

/** A connected client whose loss (`error`, `end`) calls `onLost` once; a failed connect rejects. */
export async function dedicatedClient(url: string, name: string, onLost: () => void): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    application_name: name,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: DEAD_AFTER_MS,
    query_timeout: DEAD_AFTER_MS,
  });
  let lost = false;
  const lose = () => {
    if (lost) return;
    lost = true;
    onLost();
  };
  // an idle connection that breaks says so with `error`; without a listener it would be thrown
  client.on('error', lose);
  client.on('end', lose);
  try {
    await client.connect();
  } catch (err) {
    lost = true;
    void client.end().catch(() => {});
    throw err;
  }
  // probed after 10 s of silence, given up after 3 probes 5 s apart: the lock is free ~25 s after the network drops
  // (over a Unix socket there is no network to drop, and PostgreSQL ignores these)
  await client.query(SERVER_SIDE_PROBES).catch(() => {});
  return client;
}

/** Ends a client whose connection may already be gone, without waiting on it. */
export function dropClient(client: pg.Client | null): void {
  void client?.end().catch(() => {});
}

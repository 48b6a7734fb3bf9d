// A connection of its own, outside the store's pool, for what lives as long as a session: LISTEN
// (notices reach only the session that listens) and the leader's advisory lock (held until the
// session ends). Both must learn soon that their connection is gone, so each query has a time
// limit, and the socket is kept alive by TCP probes as well.
import pg from 'pg';

/** How long connecting or a query on such a connection may take before it is taken for dead. */
const DEAD_AFTER_MS = 5000;

/** A connected client whose loss (`error`, `end`) calls `onLost` once; a failed connect rejects. */
export async function dedicatedClient(url: string, name: string, onLost: () => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: name, keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: DEAD_AFTER_MS, query_timeout: DEAD_AFTER_MS });
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
  return client;
}

/** Ends a client whose connection may already be gone, without waiting on it. */
export function dropClient(client: pg.Client | null): void {
  void client?.end().catch(() => {});
}

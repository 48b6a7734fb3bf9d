// Which of the servers sharing a database leads: the one holding LEADER_LOCK, a session advisory
// lock, on a connection of its own. PostgreSQL releases it when that session ends, so when the
// leader dies (or its connection drops) another server's next try gets it. A server that cannot
// reach the database stops leading at once: it cannot tell whether another has taken over.
import type pg from 'pg';
import type { Leadership } from '../cluster.ts';
import { LEADER_LOCK } from './locks.ts';
import { dedicatedClient, dropClient } from './notify-client.ts';

/** How often a follower tries the lock, and the leader checks its connection (CAIRN_LEADER_RETRY_MS overrides it). */
export function leaderRetryMs(): number {
  return Number(process.env.CAIRN_LEADER_RETRY_MS) || 2000;
}

export function holdLeadership(url: string, onChange: (leading: boolean) => void, retryMs = leaderRetryMs()): Leadership {
  let client: pg.Client | null = null;
  let leading = false;
  let decided = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let trying: Promise<void> = Promise.resolve();

  const become = (now: boolean) => {
    if (stopped || (decided && now === leading)) return;
    decided = true;
    leading = now;
    onChange(now);
  };
  // the connection is gone: whatever this server held, it holds no more
  const lose = (lost: pg.Client | null) => {
    if (lost !== client) return;
    client = null;
    dropClient(lost);
    become(false);
  };
  const attempt = async () => {
    try {
      if (!client) {
        const fresh: pg.Client = await dedicatedClient(url, 'cairn leader', () => lose(fresh));
        client = fresh;
      }
      const c = client;
      if (leading) await c.query('SELECT 1');
      else become((await c.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [LEADER_LOCK])).rows[0]!.got);
    } catch {
      lose(client);
    }
  };
  const tick = () => {
    trying = attempt().then(() => {
      if (!stopped) timer = setTimeout(tick, retryMs);
    });
  };
  tick();

  return {
    get leading() {
      return leading && !stopped;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await trying;
      const c = client;
      client = null;
      // the session's end releases the lock: another server takes over at its next try
      await c?.end().catch(() => {});
    },
  };
}

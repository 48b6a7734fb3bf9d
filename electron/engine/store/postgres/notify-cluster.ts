// The servers sharing one PostgreSQL database (store/cluster.ts): runs announced on a channel
// every server listens to (one connection each, notify-listener.ts), and the leader chosen by an
// advisory lock (leader.ts).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { IndexReport } from '../../../../shared/indexing.ts';
import type { Leadership, StoreCluster, WaitingWrites } from '../cluster.ts';
import { holdLeadership } from './leader.ts';
import { changeNotice, readChangeNotice } from './notify-changes.ts';
import { PgListener } from './notify-listener.ts';
import { VECTORS_CHANNEL } from './notify-vectors.ts';

const CHANGES_CHANNEL = 'cairn_changes';

export class PgCluster implements StoreCluster {
  readonly alone = false;
  /** This process among the servers: a notice names its sender, so the sender can ignore it. */
  readonly server = randomUUID();
  readonly listener: PgListener;
  private readonly leaderships = new Set<Leadership>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    readonly waiting: WaitingWrites,
  ) {
    this.listener = new PgListener(url, [CHANGES_CHANNEL, VECTORS_CHANNEL]);
  }

  async announce(report: IndexReport): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, changeNotice(this.server, report)]).catch(() => {});
  }

  hear(listener: (report: IndexReport) => void, missed: () => void): () => void {
    const stops = [
      this.listener.on(CHANGES_CHANNEL, (payload) => {
        const notice = readChangeNotice(payload);
        if (notice && notice.server !== this.server) listener(notice.report);
      }),
      this.listener.onReconnect(missed),
    ];
    return () => stops.forEach((stop) => stop());
  }

  lead(onChange: (leading: boolean) => void): Leadership {
    const leadership = holdLeadership(this.url, onChange);
    this.leaderships.add(leadership);
    return {
      get leading() {
        return leadership.leading;
      },
      stop: async () => {
        this.leaderships.delete(leadership);
        await leadership.stop();
      },
    };
  }

  /** Stops listening and leading: the store closes. */
  async close(): Promise<void> {
    await Promise.all([this.listener.close(), ...[...this.leaderships].map((l) => l.stop())]);
    this.leaderships.clear();
  }
}

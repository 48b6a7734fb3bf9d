// One connection per server that LISTENs to Cairn's channels, opened when something first wants to
// hear (a one-off command never does). A pooled connection would not do: a notice reaches only the
// session that listens, and the pool hands sessions out and closes idle ones. When the connection
// drops it is opened again, sooner at first and then every few seconds; notices sent meanwhile are
// lost, so every (re)connection moves `epoch`, telling a copy kept current by notices to reload.
import type pg from 'pg';
import { dedicatedClient, dropClient } from './notify-client.ts';

/** Waits between attempts to connect again, the last repeated. */
const RECONNECT_MS = [100, 250, 500, 1000, 2000, 5000];
/** How often a listening connection is asked whether it is still there: one that died without a word would hear nothing, and say nothing. */
const PING_MS = 5000;

export type NoticeHandler = (payload: string) => void;

export class PgListener {
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Set<NoticeHandler>>();
  private readonly reconnected = new Set<() => void>();
  private started = false;
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  private readonly ping: NodeJS.Timeout;
  /** Moves every time the connection (re)starts listening. */
  epoch = 0;

  constructor(
    private readonly url: string,
    /** Every channel is listened to from the start, so one added later cannot be missed while connecting. */
    private readonly channels: readonly string[],
  ) {
    this.ping = setInterval(() => void this.checkAlive(), PING_MS).unref();
  }

  /** Listening now: every notice sent from now on arrives. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Calls `handler` with each notice on `channel`; returns what stops it. The first call connects. */
  on(channel: string, handler: NoticeHandler): () => void {
    if (!this.channels.includes(channel)) throw new Error(`not a channel this listener listens to: ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    if (!this.started) {
      this.started = true;
      void this.connect();
    }
    return () => void set.delete(handler);
  }

  /** Calls `handler` each time the connection listens again after it dropped: what was sent meanwhile is lost. */
  onReconnect(handler: () => void): () => void {
    this.reconnected.add(handler);
    return () => void this.reconnected.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.ping);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.closed) return;
    let client: pg.Client | null = null;
    try {
      client = await dedicatedClient(this.url, 'cairn listen', () => this.lost(client));
      client.on('notification', (n) => this.deliver(n.channel, n.payload ?? ''));
      for (const channel of this.channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (this.closed) return dropClient(client);
      this.client = client;
      this.failures = 0;
      if (this.epoch++ > 0) for (const handler of this.reconnected) handler();
    } catch {
      dropClient(client);
      this.again();
    }
  }

  private deliver(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  /** The connection `client` is gone (or never listened): connect again, unless closed. */
  private lost(client: pg.Client | null): void {
    if (client && this.client === client) {
      this.client = null;
      dropClient(client);
      this.again();
    }
  }

  private again(): void {
    if (this.closed || this.retry) return;
    const wait = RECONNECT_MS[Math.min(this.failures++, RECONNECT_MS.length - 1)]!;
    this.retry = setTimeout(() => void this.connect(), wait);
  }

  private async checkAlive(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await client.query('SELECT 1').catch(() => this.lost(client));
  }
}

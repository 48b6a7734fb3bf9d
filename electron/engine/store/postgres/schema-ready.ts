// The schema made current before a store's first statement. An attempt that fails (the database
// cannot be reached: a server started while it was down) is made again by the next statement that
// waits for it, so that server works once the database is back instead of refusing for ever.
import type pg from 'pg';
import { CairnError } from '../../../../shared/errors.ts';
import { redactUrl } from '../../config/pg-url.ts';
import { migrate } from './migrations.ts';

export class SchemaReady {
  /** The attempt under way or succeeded; null once one failed, until the next wait starts another. */
  private attempt: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
  ) {}

  /** Settles once the schema is current; rejects (unavailable) when this attempt could not make it so. */
  wait(): Promise<void> {
    if (this.attempt) return this.attempt;
    const attempt = (this.attempt = this.migrated());
    // the callers awaiting it hear the failure; the next one tries again
    attempt.catch(() => {
      if (this.attempt === attempt) this.attempt = null;
    });
    return attempt;
  }

  /** The attempt under way or made, without starting one: what closing the store waits for. */
  settled(): Promise<void> {
    return (this.attempt ?? Promise.resolve()).catch(() => {});
  }

  private async migrated(): Promise<void> {
    try {
      const client = await this.pool.connect();
      try {
        await migrate(client);
      } finally {
        client.release();
      }
    } catch (err) {
      throw new CairnError('unavailable', `cannot open the PostgreSQL index ${redactUrl(this.url)}: ${(err as Error).message}`);
    }
  }
}

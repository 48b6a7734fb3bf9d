// PostgreSQL's failures as the errors a user should see: a server that cannot be reached is
// `unavailable` (nothing was done, try again), a deadlock or serialization failure `busy`.
import { BadRequest, CairnError } from '../../../../shared/errors.ts';
import { redactUrl } from '../../config/pg-url.ts';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);
/** node-postgres' own words for a connection gone: ended under a query, or before the next statement of a transaction on it. */
const CONNECTION_GONE = /Connection terminated|connection timeout|not queryable/i;

export function explainPgError(url: string, err: unknown): unknown {
  if (err instanceof CairnError) return err;
  const code = String((err as { code?: unknown })?.code ?? '');
  const message = (err as Error)?.message ?? String(err);
  if (UNREACHABLE.has(code) || code.startsWith('08') || CONNECTION_GONE.test(message)) {
    return new CairnError('unavailable', `the PostgreSQL index ${redactUrl(url)} cannot be reached (${message}); nothing was done: try again when it is back`);
  }
  // 22021: a NUL (or a byte PostgreSQL's text cannot hold) in what a request asked for: SQLite would answer "nothing"
  if (code === '22021')
    return new BadRequest(`the request holds a NUL character, which no page has and the PostgreSQL index cannot search for; nothing was done`);
  if (code === '40P01' || code === '40001')
    return new CairnError('busy', `another server changed the index at the same moment (${message}); nothing was done: try again`);
  return err;
}

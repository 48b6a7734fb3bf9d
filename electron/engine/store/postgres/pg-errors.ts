// PostgreSQL's failures as the errors a user should see: a server that cannot be reached is
// `unavailable` (nothing was done, try again), a deadlock or serialization failure `busy`.
import { CairnError } from '../../../../shared/errors.ts';
import { redactUrl } from '../../config/pg-url.ts';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);

export function explainPgError(url: string, err: unknown): unknown {
  if (err instanceof CairnError) return err;
  const code = String((err as { code?: unknown })?.code ?? '');
  const message = (err as Error)?.message ?? String(err);
  if (UNREACHABLE.has(code) || code.startsWith('08') || /Connection terminated|connection timeout/i.test(message)) {
    return new CairnError('unavailable', `the PostgreSQL index ${redactUrl(url)} cannot be reached (${message}); nothing was done: try again when it is back`);
  }
  if (code === '40P01' || code === '40001') return new CairnError('busy', `another server changed the index at the same moment (${message}); nothing was done: try again`);
  return err;
}

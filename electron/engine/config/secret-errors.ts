// An error on its way to a caller without the database's secrets: whatever the driver or a
// library put in its message (a URL it was given, a password), every door answers it masked.
import { asCairnError, CairnError } from '../../../shared/errors.ts';
import { redactSecretsIn } from './pg-url.ts';

/** `err` as the caller may read it: the same error when its message holds no secret of `url` nor
 * PGPASSWORD, else a CairnError of the same code with the message masked. */
export function withoutSecrets(err: unknown, url: string): unknown {
  const message = err instanceof Error ? err.message : String(err);
  const masked = redactSecretsIn(message, url);
  if (masked === message) return err;
  const e = asCairnError(err);
  const out = new CairnError(e.code, masked, e.missing);
  out.current = e.current;
  return out;
}

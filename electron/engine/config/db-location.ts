// The index database: a file path (the embedded SQLite store) or a postgres:// or postgresql://
// URL (the PostgreSQL store a team's servers share). Any other URL given where a path is expected
// must never be taken as one: `mysql://host/db` resolved as a path makes a folder `mysql:` and
// indexes into it.
import { isPostgresUrl, redactUrl } from './pg-url.ts';

const POSTGRES_SCHEME = /^postgres(ql)?:/i;
// two or more letters before `://`, so a Windows drive (`C:\x`, `C:/x`) stays a path
const URL_LIKE = /^[a-z][a-z0-9+.-]+:\/\//i;

/** `value` as a PostgreSQL URL (kept as given) or a file path through `resolve`; an error naming `setting` when it is any other URL. */
export function dbLocation(value: string, setting: string, resolve: (p: string) => string): string {
  if (isPostgresUrl(value)) {
    try {
      new URL(value);
    } catch {
      throw new Error(`${setting} is ${redactUrl(value)}, which is not a valid URL: write it as postgres://user:password@host:5432/database`);
    }
    return value;
  }
  if (POSTGRES_SCHEME.test(value) || URL_LIKE.test(value)) {
    throw new Error(
      `${setting} is ${redactUrl(value)}, which is neither form of the index database: a file path (SQLite) or a postgres://user@host:5432/database URL (PostgreSQL)`,
    );
  }
  return resolve(value);
}

// The index database is a file path (SQLite). A URL given where a path is expected must never be
// taken as one: `postgres://host/db` resolved as a path makes a folder `postgres:` and indexes into it.

const POSTGRES = /^postgres(ql)?:/i;
// two or more letters before `://`, so a Windows drive (`C:\x`, `C:/x`) stays a path
const URL_LIKE = /^[a-z][a-z0-9+.-]+:\/\//i;

/** `value` as a file path through `resolve`, or an error naming `setting` when it is a URL. */
export function dbFilePath(value: string, setting: string, resolve: (p: string) => string): string {
  if (POSTGRES.test(value)) {
    throw new Error(`${setting} is ${value}: the PostgreSQL store is not available in this version; the index needs a file path (SQLite)`);
  }
  if (URL_LIKE.test(value)) {
    throw new Error(`${setting} is ${value}, which is not a file path: the index database is a file path (SQLite), or a postgres:// URL once PostgreSQL is supported`);
  }
  return resolve(value);
}

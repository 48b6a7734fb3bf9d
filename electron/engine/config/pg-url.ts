// A PostgreSQL location as Cairn is given it (--db, CAIRN_DB, the config's "db"): a postgres:// or
// postgresql:// URL; what the URL leaves out, libpq's PG* variables supply (pg reads them).

export const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export function isPostgresUrl(value: string): boolean {
  return POSTGRES_URL.test(value);
}

/** The URL as it may be shown and logged: its password replaced. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/:\/\/([^:@/]*):[^@/]*@/, '://$1:***@');
  }
}

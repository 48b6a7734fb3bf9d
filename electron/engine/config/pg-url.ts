// A PostgreSQL location as Cairn is given it (--db, CAIRN_DB, the config's "db"): a postgres:// or
// postgresql:// URL; what the URL leaves out, libpq's PG* variables supply (pg reads them).

export const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export function isPostgresUrl(value: string): boolean {
  return POSTGRES_URL.test(value);
}

/** The location as it may be shown and logged: a URL's password replaced; a file path as it is. */
export function redactUrl(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/:\/\/([^:@/]*):[^@/]*@/, '://$1:***@');
  }
}

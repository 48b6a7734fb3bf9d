// A PostgreSQL location as Cairn is given it (--db, CAIRN_DB, the config's "db"): a postgres:// or
// postgresql:// URL; what the URL leaves out, libpq's PG* variables supply (pg reads them).

export const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export function isPostgresUrl(value: string): boolean {
  return POSTGRES_URL.test(value);
}

const MASK = '***';
/** Query parameters that carry a secret: libpq's `password` and `sslpassword`, and any other named so. */
const SECRET_PARAM = /pass|secret|token/i;

/** The location as it may be shown and logged: every password in a URL (its user info, a
 * `password=` or `sslpassword=` parameter) replaced; a file path as it is. */
export function redactUrl(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = MASK;
    for (const key of new Set(u.searchParams.keys())) if (SECRET_PARAM.test(key)) u.searchParams.set(key, MASK);
    return u.toString();
  } catch {
    // a URL that does not parse may hold a password with a "/" (`u:a/b@host`), which ends the
    // authority early: everything between the user's ":" and the last "@" is masked
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):.*@/i, `$1:${MASK}@`).replace(/([?&][^=&#]*(?:pass|secret|token)[^=&#]*)=[^&#]*/gi, `$1=${MASK}`);
  }
}

/** The location as an agent sees it: a URL without user info or parameters (who connects, and how,
 * is the server's business); a file path as it is. */
export function locationForAgents(url: string): string {
  if (!isPostgresUrl(url)) return url;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return redactUrl(url);
  }
}

/** `text` (an error's message: the driver's may quote what it was given) with every PostgreSQL URL
 * in it redacted, and the passwords of `url` and PGPASSWORD masked wherever they appear. */
export function redactSecretsIn(text: string, url = '', env: NodeJS.ProcessEnv = process.env): string {
  let out = text.replace(/postgres(?:ql)?:\/\/[^\s"'<>)]+/gi, (found) => redactUrl(found));
  // a secret of one or two characters would mask every such letter of the text, and hides nothing
  for (const secret of [env.PGPASSWORD, ...passwordsOf(url)]) if (secret && secret.length > 2) out = out.replaceAll(secret, MASK);
  return out;
}

/** The passwords a PostgreSQL URL holds, as written and as decoded. */
function passwordsOf(url: string): string[] {
  if (!isPostgresUrl(url)) return [];
  try {
    const u = new URL(url);
    const found = [u.password, ...[...u.searchParams].filter(([k]) => SECRET_PARAM.test(k)).map(([, v]) => v)].filter(Boolean);
    return [...found, ...found.map(safeDecode)];
  } catch {
    return [];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

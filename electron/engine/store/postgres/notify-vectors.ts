// The vectors as a server's in-memory scan sees them (embed/vector-scan.ts reloads when `version()`
// moves). Asking the database for the version before every search would cost each search a round
// trip; instead every write of vectors sends a notice (inside its transaction, so it goes out when
// the write commits, and never for one rolled back), and while this server listens, the version
// is simply how many notices it heard. Until it listens, and whenever its connection is down,
// the version is the database's own. The writing server's scan is told by the write itself
// (embed/vector-store.ts), so a server ignores its own notices.
import type { VectorModel, VectorRepo, ChunkVector } from '../vectors.ts';
import type { PgListener } from './notify-listener.ts';
import type { Sql } from './sql.ts';

export const VECTORS_CHANNEL = 'cairn_vectors';

/** `inner` (the vectors repository), with writes that notify and a version kept by notices. */
export function noticedVectors<V extends VectorRepo>(inner: V, sql: Sql, listener: PgListener, server: string): V {
  let heard = 0;
  let hearing = false;
  const notify = () => sql.run(`SELECT pg_notify(?, ?)`, [VECTORS_CHANNEL, server]);
  const own: Pick<VectorRepo, 'version' | 'replace' | 'recreate'> = {
    async version() {
      // only a scan asks for the version: the first one starts listening
      if (!hearing) {
        hearing = true;
        listener.on(VECTORS_CHANNEL, (from) => void (from !== server && heard++));
      }
      return listener.listening ? `heard:${listener.epoch}:${heard}` : inner.version();
    },
    async replace(vectors: ChunkVector[]) {
      const stored = await inner.replace(vectors);
      if (stored) await notify();
      return stored;
    },
    async recreate(model: VectorModel) {
      await inner.recreate(model);
      await notify();
    },
  };
  // every other method is the repository's own, called on it (a class would repeat each one)
  return new Proxy(inner, {
    get(target, name) {
      if (name in own) return own[name as keyof typeof own];
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

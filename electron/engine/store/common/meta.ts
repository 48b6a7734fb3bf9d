// The `meta` table: small named values of the index (the vectors' model and version, the
// dictionary's generation, flags a later run acts on), read and written by several repositories,
// some on every write: its statements are compiled once.
import { compiledOnce, type Query } from './query.ts';

export function metaOf(q: Query) {
  const { db } = q;
  const get = compiledOnce(q, (a: { key: string }) => db.selectFrom('meta').select('value').where('key', '=', a.key));
  const set = compiledOnce(q, (a: { key: string; value: string }) =>
    db
      .insertInto('meta')
      .values({ key: a.key, value: a.value })
      .onConflict((c) => c.column('key').doUpdateSet({ value: a.value })),
  );
  const remove = compiledOnce(q, (a: { key: string }) => db.deleteFrom('meta').where('key', '=', a.key));
  return {
    get: async (key: string) => (await get({ key }))[0]?.value ?? null,
    /** Several values in one statement: those stored, by key. */
    many: async (keys: readonly string[]) =>
      new Map((await db.selectFrom('meta').select(['key', 'value']).where('key', 'in', keys).execute()).map((r) => [r.key, r.value])),
    set: async (key: string, value: string) => void (await set({ key, value })),
    delete: async (key: string) => void (await remove({ key })),
  };
}

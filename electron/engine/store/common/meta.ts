// The `meta` table: small named values of the index (the vectors' model and version, the
// dictionary's generation, flags a later run acts on), read and written by several repositories.
import type { Query } from './query.ts';

export function metaOf(q: Query) {
  return {
    get: async (key: string) => (await q.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null,
    set: async (key: string, value: string) =>
      void (await q.db
        .insertInto('meta')
        .values({ key, value })
        .onConflict((c) => c.column('key').doUpdateSet({ value }))
        .execute()),
    delete: async (key: string) => void (await q.db.deleteFrom('meta').where('key', '=', key).execute()),
  };
}

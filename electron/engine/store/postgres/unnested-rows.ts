// Lists of rows written in one statement (their columns passed as arrays and unnested), where the
// SQLite store runs one statement per row: what those statements, run in turn, would leave.

/** The last value given for each key, in the order the keys first came: one UPDATE ... FROM or
 * upsert changes a row once, where a statement per item leaves the last item's values. */
export function lastOf<T>(items: readonly T[], key: (item: T) => string): T[] {
  const by = new Map<string, T>();
  for (const item of items) by.set(key(item), item);
  return [...by.values()];
}

// How long any store's write waits for another writer: one setting for both stores.

/** How long a write waits for another process before giving up with a message that says so
 * (CAIRN_LOCK_WAIT_MS overrides it). */
export function lockWaitMs(): number {
  return Number(process.env.CAIRN_LOCK_WAIT_MS) || 120_000;
}

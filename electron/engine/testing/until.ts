// Polling for what another process or connection does in its own time: a test waits for the
// state it expects, up to a limit that only a failure reaches.

/** Calls `check` every `everyMs` until it returns something other than undefined/false; fails naming `what` after `withinMs`. */
export async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, withinMs = 20_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const got = await check();
    if (got !== undefined && got !== false) return got;
    if (Date.now() > deadline) throw new Error(`waited ${withinMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

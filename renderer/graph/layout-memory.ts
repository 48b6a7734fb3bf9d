// Layouts kept for the session, by graph identity (node-hash.ts): coming back to a graph shows it
// where it was, without laying it out again. In memory: a reload lays it out afresh, the same way
// (the layout is seeded).

/** A few graphs: the whole wiki and the neighbourhoods visited last. interconnected-10k's 23,698 nodes keep 190 kB. */
const KEPT = 8;

const kept = new Map<string, Float32Array>();

export function keptLayout(identity: string): Float32Array | null {
  const xy = kept.get(identity);
  return xy ? xy.slice() : null;
}

export function keepLayout(identity: string, xy: Float32Array): void {
  kept.delete(identity);
  kept.set(identity, xy.slice());
  // the oldest goes first: a Map iterates in insertion order
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
}

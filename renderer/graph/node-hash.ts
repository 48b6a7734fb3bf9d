// Numbers that stand for a graph's nodes whatever order they come in: each node's id hashed
// (FNV-1a, 32 bits), which seeds the layout; the graph's identity, which keys the layout kept for
// the session; and a fingerprint of where the nodes are, which the end-to-end tests compare.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function mix(h: number, v: number): number {
  return Math.imul(h ^ (v >>> 0), FNV_PRIME) >>> 0;
}

function hashText(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = mix(h, text.charCodeAt(i));
  return h;
}

/** Each node's id, hashed. */
export function nodeHashes(ids: readonly string[]): Uint32Array {
  return Uint32Array.from(ids, hashText);
}

/** The same nodes joined by the same edges give the same identity. */
export function graphIdentity(hashes: Uint32Array, edgeEnds: Uint32Array): string {
  let h = FNV_OFFSET;
  for (const v of hashes) h = mix(h, v);
  for (const v of edgeEnds) h = mix(h, v);
  return `${hashes.length}:${edgeEnds.length / 2}:${h.toString(16)}`;
}

/** Eight hex digits that change when any node moves by a tenth of a layout unit. */
export function positionsPrint(hashes: Uint32Array, xy: Float32Array): string {
  let h = FNV_OFFSET;
  hashes.forEach((v, i) => {
    h = mix(mix(mix(h, v), Math.round(xy[2 * i]! * 10)), Math.round(xy[2 * i + 1]! * 10));
  });
  return h.toString(16).padStart(8, '0');
}

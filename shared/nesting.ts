// How deep a value nests (objects and arrays within each other), found without recursion, so that a
// value thousands deep is measured, not a stack overflow. Kept free of zod so the preload may bundle it.

interface Step {
  value: unknown;
  depth: number;
  key: string | number;
  parent: Step | null;
}

/** The path to the first value nested deeper than `limit` levels (`value` itself, if an object or an
 * array, is the first level); null when none is. Linear in the size of `value`. */
export function pathPastDepth(value: unknown, limit: number): (string | number)[] | null {
  const stack: Step[] = [{ value, depth: 1, key: '', parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const v = step.value;
    if (!v || typeof v !== 'object') continue;
    if (step.depth > limit) return pathOf(step);
    for (const [k, child] of Object.entries(v)) stack.push({ value: child, depth: step.depth + 1, key: Array.isArray(v) ? Number(k) : k, parent: step });
  }
  return null;
}

function pathOf(step: Step): (string | number)[] {
  const path: (string | number)[] = [];
  for (let s: Step | null = step; s?.parent; s = s.parent) path.unshift(s.key);
  return path;
}

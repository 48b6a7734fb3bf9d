// The layout's repulsion against d3's own: the same pushes where no cell is taken as one (theta 0),
// as close to the exact ones as d3's where they are, and safe where nodes coincide or have no place.
import { forceManyBody, type Force, type SimulationNodeDatum } from 'd3-force';
import { describe, expect, it } from 'vitest';
import { forceManyBodyTyped } from './many-body-force.ts';

type Body = SimulationNodeDatum & { x: number; y: number; vx: number; vy: number };

/** Park–Miller, as the layout seeds d3. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

/** Points in clumps, as a laid out wiki has them, some far apart. */
function bodies(n: number, seed = 7): Body[] {
  const r = seeded(seed);
  const centres = Array.from({ length: 12 }, () => [r() * 2000 - 1000, r() * 2000 - 1000] as const);
  return Array.from({ length: n }, (_, index) => {
    const [cx, cy] = centres[index % centres.length]!;
    return { index, x: cx + (r() - 0.5) * 300, y: cy + (r() - 0.5) * 300, vx: 0, vy: 0 };
  });
}

function pushes(make: () => Force<Body, never>, at: Body[], alpha = 0.7): Body[] {
  const copy = at.map((b) => ({ ...b, vx: 0, vy: 0 }));
  const force = make();
  force.initialize!(copy, seeded(3));
  force(alpha);
  return copy;
}

/** Summed size of the differences over summed size of the exact pushes. */
function relativeError(got: Body[], exact: Body[]): number {
  let [off, size] = [0, 0];
  got.forEach((b, i) => {
    off += Math.hypot(b.vx - exact[i]!.vx, b.vy - exact[i]!.vy);
    size += Math.hypot(exact[i]!.vx, exact[i]!.vy);
  });
  return off / size;
}

const d3 =
  (theta: number, max = Infinity) =>
  () =>
    forceManyBody<Body>().strength(-12).theta(theta).distanceMax(max);
const typed =
  (theta: number, max = Infinity) =>
  () =>
    forceManyBodyTyped<Body>().strength(-12).theta(theta).distanceMax(max);

describe('the typed many-body force', () => {
  const points = bodies(3000);

  it('pushes exactly as d3 does when every node is counted on its own', () => {
    expect(relativeError(pushes(typed(0), points), pushes(d3(0), points))).toBeLessThan(1e-12);
    expect(relativeError(pushes(typed(0, 400), points), pushes(d3(0, 400), points))).toBeLessThan(1e-12);
  });

  it('groups far nodes no less faithfully than d3', () => {
    const exact = pushes(d3(0, 600), points);
    for (const theta of [0.9, 1.1]) {
      const ours = relativeError(pushes(typed(theta, 600), points), exact);
      const theirs = relativeError(pushes(d3(theta, 600), points), exact);
      expect(ours).toBeLessThan(0.15);
      expect(ours).toBeLessThan(2 * theirs + 0.005);
    }
  });

  it('pushes apart nodes at one place and a hair apart, and leaves a node without a place alone', () => {
    const crowd: Body[] = [
      ...Array.from({ length: 50 }, (_, index) => ({ index, x: 5, y: 5, vx: 0, vy: 0 })),
      ...Array.from({ length: 50 }, (_, k) => ({ index: 50 + k, x: 5 + k * 1e-13, y: 5, vx: 0, vy: 0 })),
      { index: 100, x: NaN, y: 3, vx: 0, vy: 0 },
      { index: 101, x: 900, y: -900, vx: 0, vy: 0 },
    ];
    const after = pushes(typed(0.9), crowd);
    for (const b of after.slice(0, 100)) expect(Number.isFinite(b.vx) && Number.isFinite(b.vy)).toBe(true);
    expect(new Set(after.slice(0, 50).map((b) => `${b.vx} ${b.vy}`)).size).toBeGreaterThan(1);
    expect(after[100]).toMatchObject({ vx: 0, vy: 0 });
    // the far node is pushed away from the crowd: right and down
    expect(after[101]!.vx).toBeGreaterThan(0);
    expect(after[101]!.vy).toBeLessThan(0);
  });
});

describe('the tree under the force', () => {
  // two nodes a hair apart split one cell after another, past the cells set aside for the nodes:
  // the tree grew its arrays mid-insert and lost the new cell (the layout then spun for ever)
  it('grows while a cell splits, and pushes the close pair apart', () => {
    for (const k of [17, 18, 37, 38]) {
      const close: Body[] = [
        { index: 0, x: 0, y: 0, vx: 0, vy: 0 },
        { index: 1, x: 1000 / 2 ** k, y: 0, vx: 0, vy: 0 },
        { index: 2, x: 1000, y: 1000, vx: 0, vy: 0 },
      ];
      const after = pushes(typed(0.9), close);
      expect(after[0]!.vx).toBeLessThan(0);
      expect(after[1]!.vx).toBeGreaterThan(0);
    }
  });

  it('pushes nothing when the nodes are spread past what a number can measure', () => {
    const far: Body[] = [
      { index: 0, x: -1e308, y: 0, vx: 0, vy: 0 },
      { index: 1, x: 1e308, y: 0, vx: 0, vy: 0 },
    ];
    expect(pushes(typed(0.9), far).map((b) => [b.vx, b.vy])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});

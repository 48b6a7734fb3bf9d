// Force-directed layout (d3-force) off the main thread: a 10,000-page wiki takes a second or two to settle,
// and the view stays usable meanwhile. A small graph is posted once, settled; a large one is posted
// at once in its seed positions (so the view draws while the layout runs), then every POST_MS, but
// not while the person pans or zooms (`hold`): each update costs the page's thread a frame or more.
// Seeded: the same graph is laid out the same way on every load (d3's jiggle draws from a fixed
// sequence, and nodes start on a spiral in an order their ids break ties in).
import { forceCollide, forceLink, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';
import { linkLength, type LayoutHold, type LayoutRequest, type LayoutUpdate } from './layout-protocol.ts';
import { forceManyBodyTyped } from './many-body-force.ts';

/** Often enough to watch it settle; each update costs the view one frame of nodes and a sliced edge picture. */
const POST_MS = 750;

/** Between ticks of a large graph, at most this long without looking at the view's messages. */
const LISTEN_MS = 40;

/** Ticks to cool in: d3's 300 for a small graph. A large one cools in 60: on interconnected-10k's pages a link
 * is then 0.780 of the mean distance between two pages, against 0.757 after 120 ticks, in half the time. */
const TICKS = { small: 300, large: 60 };

interface Node extends SimulationNodeDatum {
  /** the node's index in the request */
  at: number;
}

/** The view is moving: positions wait until it rests, so nodes stay where the person sees them. */
let held = false;

self.onmessage = (event: MessageEvent<LayoutRequest | LayoutHold>) => {
  const m = event.data;
  if ('hold' in m) held = m.hold;
  else void run(m);
};

async function run(request: LayoutRequest): Promise<void> {
  const { edges, radius, large } = request;
  const adjacent = neighbours(request);
  const nodes = seedPositions(request, adjacent);
  const post = (progressed: number, done: boolean) => postPositions(request, adjacent, nodes, progressed, done);
  // the view draws the seed positions while the simulation is set up
  if (large) post(0, false);
  // the simulated nodes, in the order they were seeded; a node set beside others has no place (-1)
  const local = new Int32Array(request.count).fill(-1);
  nodes.forEach((n, k) => (local[n.at] = k));
  const links: SimulationLinkDatum<Node>[] = [];
  for (let i = 0; i < edges.length; i += 2) {
    const [s, t] = [local[edges[i]!]!, local[edges[i + 1]!]!];
    if (s >= 0 && t >= 0) links.push({ source: s, target: t });
  }
  const sim = forceSimulation(nodes)
    .randomSource(seededRandom(0x2545f491))
    .alphaDecay(1 - Math.pow(0.001, 1 / (large ? TICKS.large : TICKS.small)))
    .force(
      'charge',
      forceManyBodyTyped<Node>()
        .strength(large ? -12 : -320)
        .theta(large ? 1.1 : 0.9)
        .distanceMax(large ? 600 : 2000),
    )
    .force('link', forceLink(links).distance(linkLength(large)))
    .force('x', forceX().strength(large ? 0.04 : 0.06))
    .force('y', forceY().strength(large ? 0.04 : 0.06))
    .stop();
  // small graphs keep nodes and their labels apart
  if (!large)
    sim.force(
      'collide',
      forceCollide<Node>((n) => radius[n.at]! + 14),
    );
  let posted = performance.now();
  let listened = posted;
  while (sim.alpha() > sim.alphaMin()) {
    sim.tick();
    const now = performance.now();
    if (large && !held && now - posted >= POST_MS) {
      post(progress(sim.alpha()), false);
      posted = now;
    }
    if (large && now - listened >= LISTEN_MS) {
      // let a hold or a terminate() from the view land
      await new Promise((r) => setTimeout(r, 0));
      listened = performance.now();
    }
  }
  // settled during a gesture: the nodes move once it ends, not under the person's hand
  while (large && held) await new Promise((r) => setTimeout(r, LISTEN_MS));
  post(1, true);
  self.close();
}

/** Each node's neighbours, either direction. */
function neighbours({ count, edges }: LayoutRequest): number[][] {
  const adjacent: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < edges.length; i += 2) {
    adjacent[edges[i]!]!.push(edges[i + 1]!);
    adjacent[edges[i + 1]!]!.push(edges[i]!);
  }
  return adjacent;
}

/** The simulated nodes, breadth first from the centre (or the best linked node) on a sunflower spiral: linked nodes start near each other. */
function seedPositions({ count, centre, seeds, beside }: LayoutRequest, adjacent: number[][]): Node[] {
  const simulated = [...Array(count).keys()].filter((i) => !beside[i]);
  const byDegree = simulated.sort((a, b) => adjacent[b]!.length - adjacent[a]!.length || seeds[a]! - seeds[b]! || a - b);
  const order: number[] = [];
  const seen = Uint8Array.from(beside);
  for (const start of centre >= 0 ? [centre, ...byDegree] : byDegree) {
    if (seen[start]) continue;
    seen[start] = 1;
    for (let q = order.push(start) - 1; q < order.length; q++) {
      for (const next of adjacent[order[q]!]!) {
        if (seen[next]) continue;
        seen[next] = 1;
        order.push(next);
      }
    }
  }
  return order.map((at, rank) => {
    const r = 12 * Math.sqrt(rank + 0.5);
    const a = rank * Math.PI * (3 - Math.sqrt(5));
    return at === centre ? { at, x: 0, y: 0, fx: 0, fy: 0 } : { at, x: r * Math.cos(a), y: r * Math.sin(a) };
  });
}

/** Park–Miller: d3's jiggle, from the same sequence on every load. */
function seededRandom(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

function progress(alpha: number): number {
  return Math.min(1, Math.log(alpha) / Math.log(0.001));
}

/** Every node's position: the simulated ones where they are, the others beside their neighbours, each at the angle its id gives. */
function postPositions({ count, seeds, beside, large }: LayoutRequest, adjacent: number[][], nodes: Node[], progressed: number, done: boolean): void {
  const xy = new Float32Array(count * 2);
  for (const n of nodes) {
    xy[2 * n.at] = n.x ?? 0;
    xy[2 * n.at + 1] = n.y ?? 0;
  }
  const away = linkLength(large) / 2;
  for (let i = 0; i < count; i++) {
    if (!beside[i]) continue;
    const near = adjacent[i]!.filter((j) => !beside[j]);
    const angle = (seeds[i]! / 0x100000000) * 2 * Math.PI;
    const mean = (k: 0 | 1) => near.reduce((sum, j) => sum + xy[2 * j + k]!, 0) / Math.max(1, near.length);
    xy[2 * i] = mean(0) + away * Math.cos(angle);
    xy[2 * i + 1] = mean(1) + away * Math.sin(angle);
  }
  const update: LayoutUpdate = { xy, progress: progressed, done };
  (self as unknown as Worker).postMessage(update, [xy.buffer]);
}

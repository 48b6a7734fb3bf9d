// Force-directed layout (d3-force) off the main thread: a 10,000-page wiki takes seconds to settle,
// and the view stays usable meanwhile. A small graph is posted once, settled; a large one is posted
// at once in its seed positions (so the view draws while the layout runs), then every POST_MS. While
// the person pans or zooms the view holds the layout (`hold`), so the page's thread has the CPU.
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';
import { linkLength, type LayoutHold, type LayoutRequest, type LayoutUpdate } from './layout-protocol.ts';

/** Often enough to watch it settle; each update costs the view one frame of nodes and a sliced edge picture. */
const POST_MS = 750;

interface Node extends SimulationNodeDatum {
  index: number;
}

/** Between ticks of a large graph, at most this long without looking at the view's messages. */
const LISTEN_MS = 40;

let held: Promise<void> | null = null;
let release: () => void = () => {};

self.onmessage = (event: MessageEvent<LayoutRequest | LayoutHold>) => {
  const m = event.data;
  if ('hold' in m) hold(m.hold);
  else void run(m);
};

function hold(on: boolean): void {
  if (on && !held) held = new Promise((r) => (release = r));
  if (!on && held) {
    held = null;
    release();
  }
}

async function run({ count, edges, centre, radius, large }: LayoutRequest): Promise<void> {
  const nodes = seedPositions(count, edges, centre);
  const links: SimulationLinkDatum<Node>[] = [];
  for (let i = 0; i < edges.length; i += 2) links.push({ source: edges[i]!, target: edges[i + 1]! });
  // a large graph cools in about 120 ticks instead of d3's 300: each costs ~80 ms at 10,000 pages
  const sim = forceSimulation(nodes)
    .alphaDecay(1 - Math.pow(0.001, 1 / (large ? 120 : 300)))
    .force(
      'charge',
      forceManyBody()
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
      forceCollide<Node>((n) => radius[n.index]! + 14),
    );
  let posted = performance.now();
  let listened = posted;
  if (large) post(nodes, 0, false);
  while (sim.alpha() > sim.alphaMin()) {
    sim.tick();
    const now = performance.now();
    if (large && now - posted >= POST_MS) {
      post(nodes, progress(sim.alpha()), false);
      posted = now;
    }
    if (large && now - listened >= LISTEN_MS) {
      // let a hold or a terminate() from the view land
      await new Promise((r) => setTimeout(r, 0));
      if (held) await held;
      listened = performance.now();
    }
  }
  post(nodes, 1, true);
  self.close();
}

/** Breadth first from the centre (or the best linked node), on a sunflower spiral: linked nodes start near each other. */
function seedPositions(count: number, edges: Uint32Array, centre: number): Node[] {
  const adjacent: number[][] = Array.from({ length: count }, () => []);
  const degree = new Uint32Array(count);
  for (let i = 0; i < edges.length; i += 2) {
    adjacent[edges[i]!]!.push(edges[i + 1]!);
    adjacent[edges[i + 1]!]!.push(edges[i]!);
    degree[edges[i]!]!++;
    degree[edges[i + 1]!]!++;
  }
  const byDegree = [...Array(count).keys()].sort((a, b) => degree[b]! - degree[a]!);
  const order: number[] = [];
  const seen = new Uint8Array(count);
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
  const nodes: Node[] = Array.from({ length: count }, (_, index) => ({ index }));
  order.forEach((n, rank) => {
    const r = 12 * Math.sqrt(rank + 0.5);
    const a = rank * Math.PI * (3 - Math.sqrt(5));
    nodes[n]!.x = r * Math.cos(a);
    nodes[n]!.y = r * Math.sin(a);
  });
  if (centre >= 0) Object.assign(nodes[centre]!, { fx: 0, fy: 0 });
  return nodes;
}

function progress(alpha: number): number {
  return Math.min(1, Math.log(alpha) / Math.log(0.001));
}

function post(nodes: Node[], progressed: number, done: boolean): void {
  const xy = new Float32Array(nodes.length * 2);
  nodes.forEach((n, i) => {
    xy[2 * i] = n.x ?? 0;
    xy[2 * i + 1] = n.y ?? 0;
  });
  const update: LayoutUpdate = { xy, progress: progressed, done };
  (self as unknown as Worker).postMessage(update, [xy.buffer]);
}

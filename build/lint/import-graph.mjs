// The project's import graph, read once per lint process from the files on disk (not only the
// files being linted), so a cycle is seen whole even when ESLint lints one file of it.
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['electron', 'shared', 'renderer', 'build'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
// static imports and re-exports (`import type`/`export type` marked), bare side-effect imports
// and literal dynamic imports; comments are stripped first so examples in them do not count
const STATIC = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const graphs = new Map();

/** The graph under `root`: file (relative, posix) -> [{ target, typeOnly }]. */
export function importGraph(root) {
  let graph = graphs.get(root);
  if (!graph) {
    graph = readGraph(root);
    graphs.set(root, graph);
  }
  return graph;
}

/** The repository-relative file a relative specifier names, or null (packages, missing files). */
export function resolveImport(root, fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const absolute = path.resolve(root, path.dirname(fromFile), specifier);
  const candidates = [absolute, absolute.replace(/\.js$/, '.ts'), `${absolute}.ts`, `${absolute}.tsx`, path.join(absolute, 'index.ts')];
  const found = candidates.find((candidate) => isFile(candidate));
  return toRelative(root, found ?? absolute);
}

export function toRelative(root, absolute) {
  return path.relative(root, absolute).split(path.sep).join('/');
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function readGraph(root) {
  const graph = new Map();
  for (const file of ROOTS.flatMap((dir) => listSources(root, dir))) {
    graph.set(file, importsOf(root, file, fs.readFileSync(path.join(root, file), 'utf8')));
  }
  return graph;
}

function listSources(root, dir) {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  const files = [];
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) files.push(...listSources(root, relative));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(relative);
  }
  return files;
}

export function importsOf(root, file, text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const edges = [];
  for (const match of code.matchAll(STATIC)) {
    const target = resolveImport(root, file, match[3]);
    if (target) edges.push({ target, typeOnly: Boolean(match[2]), dynamic: false });
  }
  for (const match of code.matchAll(DYNAMIC)) {
    const target = resolveImport(root, file, match[1]);
    if (target) edges.push({ target, typeOnly: false, dynamic: true });
  }
  return edges;
}

/** Strongly connected components (Tarjan) of a graph given as node -> [node]: node -> component id. */
export function components(nodes, next) {
  const index = new Map();
  const low = new Map();
  const component = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const visit = (start) => {
    // iterative, so a long import chain cannot overflow the stack
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, position] = frame;
      const successors = next(node);
      if (position < successors.length) {
        frame[1] += 1;
        const successor = successors[position];
        if (!index.has(successor)) {
          index.set(successor, counter);
          low.set(successor, counter++);
          stack.push(successor);
          onStack.add(successor);
          work.push([successor, 0]);
        } else if (onStack.has(successor)) {
          low.set(node, Math.min(low.get(node), index.get(successor)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.set(member, node);
        } while (member !== node);
      }
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return component;
}

/** A shortest path from `from` to `to` in the graph, as a list of nodes, or null. */
export function shortestPath(from, to, next) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i];
    for (const successor of next(node)) {
      if (successor === to) {
        const route = [to];
        for (let at = node; at !== null; at = previous.get(at)) route.unshift(at);
        return route;
      }
      if (previous.has(successor)) continue;
      previous.set(successor, node);
      queue.push(successor);
    }
  }
  return null;
}

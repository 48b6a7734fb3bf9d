// The adaptive model over the life of a wiki: build it once there is enough text, keep it
// while the wiki's words are still covered, rebuild into a fresh folder when they drift, and
// clear away old builds once the engine has switched. Each build gets its own folder because
// transformers.js memoises file lookups per path and a model in use must never change under it.
import fs from 'node:fs';
import path from 'node:path';
import { readModelCard } from '../embedder.ts';
import { processExists } from '../../process-identity.ts';
import type { BuildModelOptions } from './build-adaptive.ts';
import { DEFAULT_REBUILD_POLICY, measureDrift, type Drift, type RebuildPolicy } from './drift.ts';

const PREFIX = 'adaptive-';

export interface RefreshOptions extends BuildModelOptions {
  policy?: RebuildPolicy;
  force?: boolean;
}

export interface RefreshResult {
  /** Model folder to load, or null when the wiki is still too small for an adaptive model. */
  dir: string | null;
  rebuilt: boolean;
  drift: Drift | null;
  reason: string;
}

/** The newest complete adaptive build under `root`, if any. */
export function currentAdaptiveModel(root: string): string | null {
  return completeBuilds(root).at(-1) ?? null;
}

/** The complete builds under `root`, oldest first. */
function completeBuilds(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => name.startsWith(PREFIX) && !name.endsWith('.partial'))
    .map((name) => path.join(root, name))
    .filter((dir) => readModelCard(dir) !== null)
    .sort();
}

export async function refreshAdaptiveModel(texts: string[], root: string, options: RefreshOptions = {}): Promise<RefreshResult> {
  const { policy = DEFAULT_REBUILD_POLICY, force = false, ...buildOptions } = options;
  // the builder (and the ONNX writer under it) loads only when a build may be needed
  const { MIN_TOKENS, buildAdaptiveModel, countWords } = await import('./build-adaptive.ts');
  const minTokens = buildOptions.minTokens ?? MIN_TOKENS;
  const current = currentAdaptiveModel(root);
  let drift: Drift | null = null;
  if (current && !force) {
    drift = measureDrift(current, texts, policy);
    if (!drift.shouldRebuild) return { dir: current, rebuilt: false, drift, reason: 'vocabulary still covered' };
  }
  const tokens = countWords(texts);
  if (tokens < minTokens) {
    return { dir: current, rebuilt: false, drift, reason: `only ${tokens} words of text; need ${minTokens}` };
  }
  const dir = await newAdaptiveBuild(root, (partial) => buildAdaptiveModel(texts, partial, buildOptions));
  return { dir, rebuilt: true, drift, reason: drift?.reason ?? (current ? 'forced' : 'first build') };
}

/**
 * Makes a build under `root` by `write` (into an empty folder it is given) and returns its folder:
 * the newest by name, complete once it appears. A build written elsewhere and copied here (from the
 * store: shared-builds.ts) is made the same way.
 */
export async function newAdaptiveBuild(root: string, write: (partial: string) => Promise<unknown>): Promise<string> {
  // Zero-padded time keeps folder names in build order; .partial keeps a failed build invisible.
  let stamp = Date.now();
  while (fs.existsSync(path.join(root, `${PREFIX}${String(stamp).padStart(15, '0')}`))) stamp++;
  const name = `${PREFIX}${String(stamp).padStart(15, '0')}`;
  // the builder's pid in the name: another process sharing the database never prunes a build in progress
  const partial = path.join(root, `${name}.${process.pid}.partial`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  try {
    await write(partial);
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  const dir = path.join(root, name);
  fs.renameSync(partial, dir);
  return dir;
}

/** The newest complete build under `root` of model `id`, if any. */
export function adaptiveBuildOf(root: string, id: string): string | null {
  return (
    completeBuilds(root)
      .filter((dir) => readModelCard(dir)?.id === id)
      .at(-1) ?? null
  );
}

/** Deletes every adaptive build under `root` except `keep` (call after switching to it) and builds
 * still in progress in a live process. */
export function pruneAdaptiveModels(root: string, keep: string): void {
  if (!fs.existsSync(root)) return;
  for (const name of fs.readdirSync(root)) {
    const dir = path.join(root, name);
    if (!name.startsWith(PREFIX) || path.resolve(dir) === path.resolve(keep) || isBuilding(name)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function isBuilding(name: string): boolean {
  const pid = Number(/\.(\d+)\.partial$/.exec(name)?.[1]);
  return pid > 0 && processExists(pid);
}

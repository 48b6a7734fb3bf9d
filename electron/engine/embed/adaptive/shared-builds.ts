// The adaptive model across the processes sharing one store. Whichever process indexes learns it,
// in its own models folder; a process on another machine (servers sharing one PostgreSQL) has no
// such folder, yet must embed queries with that model, or its semantic lane compares vectors of two
// models. So a process offers each build it serves to the store (VectorRepo.shareModel), and one
// that finds the stored vectors computed by a model it has no build of fetches it from there.
// The embedded store keeps nothing: its models folder is beside the index file, for every process.
import fs from 'node:fs';
import path from 'node:path';
import { readModelCard } from '../embedder.ts';
import type { Store } from '../../store/store.ts';
import type { ModelFile } from '../../store/vectors.ts';
import { adaptiveBuildOf, newAdaptiveBuild } from './adaptive-lifecycle.ts';

/** Offers the build in `dir` to the store (read only if the store keeps none of it yet). */
export async function shareAdaptiveBuild(store: Store, dir: string): Promise<void> {
  const id = readModelCard(dir)?.id;
  if (!id) throw new Error(`${dir} is not a model folder`);
  await store.write((tx) => tx.vectors.shareModel(id, () => filesOf(dir)));
}

/**
 * The build of model `id` under `root`: one there already, else the store's copy, written there as
 * the newest build; null when neither has it (a model not learned here: GloVe, a hub model).
 */
export async function adaptiveBuildFor(store: Store, root: string, id: string): Promise<string | null> {
  const local = adaptiveBuildOf(root, id);
  if (local) return local;
  const files = await store.vectors.sharedModel(id);
  if (!files) return null;
  const dir = await newAdaptiveBuild(root, async (partial) => {
    for (const f of files) {
      const file = path.join(partial, ...f.path.split('/'));
      // a stored path leads inside the folder only
      if (!file.startsWith(partial + path.sep)) throw new Error(`the stored model ${id} names a file outside its folder: ${f.path}`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, f.bytes);
    }
    if (readModelCard(partial)?.id !== id) throw new Error(`the stored files of model ${id} are not that model`);
  });
  return dir;
}

/** Every file under `dir`, by its path inside it. */
function filesOf(dir: string): ModelFile[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return { path: path.relative(dir, file).split(path.sep).join('/'), bytes: fs.readFileSync(file) };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

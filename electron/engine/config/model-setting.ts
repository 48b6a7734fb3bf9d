// The embedding-model setting (`--model`, CAIRN_MODEL, the config's `model`), read in one
// place: a keyword, a hub model id, or else a model folder.

/** `adaptive`: learned from the wiki (GloVe for rare words); `none`; a model folder; or a hub
 * model id, downloaded once into the cache (needs network, so opt-in). */
export type ModelSetting = 'adaptive' | 'none' | { dir: string } | { hub: string };

/** Reads the setting's text; a folder is resolved by `resolveDir` (relative to where it was given). */
export function parseModelSetting(text: string, resolveDir: (p: string) => string = (p) => p): ModelSetting {
  if (text === 'adaptive' || text === 'none') return text;
  if (text.startsWith('hub:')) return { hub: text.slice('hub:'.length) };
  return { dir: resolveDir(text) };
}

/** The reranker setting (`--reranker`, CAIRN_RERANKER, the config's `reranker`): `none`, a hub
 * model id (downloaded with `cairn models pull`) or a folder; nothing is learned, so no `adaptive`. */
export type RerankerSetting = Exclude<ModelSetting, 'adaptive'>;

export function parseRerankerSetting(text: string, resolveDir: (p: string) => string = (p) => p): RerankerSetting {
  const setting = parseModelSetting(text, resolveDir);
  if (setting === 'adaptive') throw new Error('a reranker is `none`, `hub:owner/name` or a model folder (adaptive names an embedding model)');
  return setting;
}

/** The setting as it is written: `adaptive`, `none`, `hub:<id>` or the folder. */
export function modelSettingText(setting: ModelSetting): string {
  return typeof setting === 'string' ? setting : 'hub' in setting ? `hub:${setting.hub}` : setting.dir;
}

// Where the wiki and its index live. Each setting comes from the first source that has it:
// command-line arguments > environment > config file > built-in default; the winner is named
// so a user can tell why Cairn read the folders it read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import envPaths from 'env-paths';
import { createHash } from 'node:crypto';
import { isPostgresUrl, redactUrl } from './pg-url.ts';
import { z } from 'zod';
import { AgentName, DEFAULT_SKILL_CATEGORIES } from '../../../shared/skills.ts';
import { dbLocation } from './db-location.ts';
import { parseModelSetting, parseRerankerSetting, type ModelSetting, type RerankerSetting } from './model-setting.ts';

export type SettingSource = 'cli' | 'env' | 'config' | 'default';

export interface Settings {
  roots: string[];
  rootsSource: SettingSource;
  db: string;
  dbSource: SettingSource;
  ignorePatterns: string[];
  maxFileBytes: number;
  /** A page not updated or reviewed for longer than this is stale. */
  staleAfterDays: number;
  /** `adaptive` (learned from the wiki), `none`, a local model folder, or `hub:<id>` (opt-in download). */
  model: ModelSetting;
  modelSource: SettingSource;
  /** A cross-encoder that orders the top fused results (rerank/rerank-stage.ts), or `none`. */
  reranker: RerankerSetting;
  rerankerSource: SettingSource;
  configPath: string;
  /** The skill registry's settings (skills/): categories, extra manifest mappings, agents' project folders. */
  skills: SkillSettings;
  /** Bearer token → the agent it speaks for (`CAIRN_TOKENS` or the config's `tokens`); empty: no tokens, loopback only. */
  tokens: Record<string, string>;
  tokensSource: SettingSource;
  /** Concept name → the concept it is another name for (`"k8s": "kubernetes"`); from the config file. */
  conceptAliases: Record<string, string>;
}

export interface SkillSettings {
  categories: string[];
  /** `ecosystem:dependency` (or a bare name) → the skill it implies; wins over the built-in table */
  mappings: Record<string, { skill: string; category: string }>;
  /** agents the config names, with their project folders (absolute) */
  agents: Record<string, { name: string | null; projects: string[] }>;
}

/** A bearer token: long enough not to be guessed, and only characters a header carries as they are. */
export const Token = z
  .string()
  .min(16, 'a token is at least 16 characters (e.g. `openssl rand -hex 24`)')
  .max(512)
  .regex(/^[A-Za-z0-9._~+\/-]+=*$/, 'a token is letters, digits and . _ ~ + / - (base64 or hex)');
export const Tokens = z.record(Token, AgentName);

const ConfigFile = z
  .object({
    roots: z.array(z.string().min(1)).optional(),
    db: z.string().min(1).optional(),
    ignorePatterns: z.array(z.string()).optional(),
    maxFileBytes: z.number().int().positive().optional(),
    staleAfterDays: z.number().int().positive().optional(),
    model: z.string().min(1).optional(),
    reranker: z.string().min(1).optional().describe('`none`, `hub:owner/name` or a folder: a cross-encoder that orders the top fused results'),
    previousModel: z.string().min(1).optional().describe('the model before the last switch (`cairn models use`): what `cairn models rollback` goes back to'),
    skillCategories: z.array(z.string().min(1).max(100)).min(1).optional(),
    skillMappings: z.record(z.string().min(1), z.object({ skill: z.string().min(1), category: z.string().min(1) }).strict()).optional(),
    agents: z.record(z.string().min(1), z.object({ name: z.string().min(1).optional(), projects: z.array(z.string().min(1)).optional() }).strict()).optional(),
    conceptAliases: z
      .record(z.string().trim().min(1).max(200), z.string().trim().min(1).max(200))
      .optional()
      .describe('concept name → the concept it is another name for; both merge into one concept'),
    tokens: Tokens.optional().describe('bearer token → agent name: with tokens, every API request needs one and runs as its agent'),
  })
  .strict();

export const DEFAULT_MAX_FILE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_STALE_AFTER_DAYS = 180;

/** The package's own folder: the demo wiki and the shipped model live under it. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DEMO_WIKI = path.join(PACKAGE_ROOT, 'build', 'demo-wiki');
/** The general-purpose model that ships: the floor, and the source of vectors for rare words. */
export const SHIPPED_MODEL = path.join(PACKAGE_ROOT, 'build', 'model', 'glove-wink-100d');
/** Where opt-in hub models (`--model hub:Xenova/bge-small-en-v1.5`) are downloaded once. */
export const HUB_CACHE = path.join(envPaths('cairn', { suffix: '' }).cache, 'models');

/** Where the models an index learns are kept: beside an index file; for a PostgreSQL index, in this
 * machine's data folder under a name made from its URL (without the password). */
export function modelsFolder(db: string): string {
  if (!isPostgresUrl(db)) return path.join(path.dirname(db), `${path.basename(db)}.models`);
  const id = createHash('sha1').update(redactUrl(db)).digest('hex').slice(0, 12);
  return path.join(envPaths('cairn', { suffix: '' }).data, `postgres-${id}.models`);
}

export interface SettingsInput {
  roots?: string[];
  db?: string;
  model?: string;
  reranker?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export function resolveSettings(input: SettingsInput = {}): Settings {
  const env = input.env ?? process.env;
  const cwd = input.cwd ?? process.cwd();
  const configPath = env.CAIRN_CONFIG || path.join(envPaths('cairn', { suffix: '' }).config, 'config.json');
  const config = readConfig(configPath);
  const fromConfig = (p: string) => path.resolve(path.dirname(configPath), expandHome(p));
  const fromCwd = (p: string) => path.resolve(cwd, expandHome(p));

  const envRoots = (env.CAIRN_ROOTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const [roots, rootsSource]: [string[], SettingSource] = input.roots?.length
    ? [input.roots.map(fromCwd), 'cli']
    : envRoots.length
      ? [envRoots.map(fromCwd), 'env']
      : config.roots?.length
        ? [config.roots.map(fromConfig), 'config']
        : [[DEMO_WIKI], 'default'];

  const [db, dbSource]: [string, SettingSource] = input.db
    ? [dbLocation(input.db, '--db', fromCwd), 'cli']
    : env.CAIRN_DB
      ? [dbLocation(env.CAIRN_DB, 'CAIRN_DB', fromCwd), 'env']
      : config.db
        ? [dbLocation(config.db, `"db" in the config file ${configPath}`, fromConfig), 'config']
        : [path.join(envPaths('cairn', { suffix: '' }).data, 'cairn.db'), 'default'];

  // the first source that has it, read relative to where it was given; a bad value names its source
  const chosen = <T>(
    name: string,
    texts: [string | undefined, string | undefined, string | undefined],
    parse: (text: string, dir: (p: string) => string) => T,
    fallback: T,
  ): [T, SettingSource] => {
    const sources = [
      ['cli', `--${name}`, fromCwd],
      ['env', `CAIRN_${name.toUpperCase()}`, fromCwd],
      ['config', `"${name}" in the config file ${configPath}`, fromConfig],
    ] as const;
    const at = texts.findIndex(Boolean);
    if (at < 0) return [fallback, 'default'];
    const [source, label, dir] = sources[at]!;
    try {
      return [parse(texts[at]!, dir), source];
    } catch (err) {
      throw new Error(`${label}: ${(err as Error).message}`, { cause: err });
    }
  };
  const [model, modelSource] = chosen<ModelSetting>('model', [input.model, env.CAIRN_MODEL, config.model], parseModelSetting, 'adaptive');
  const [reranker, rerankerSource] = chosen<RerankerSetting>('reranker', [input.reranker, env.CAIRN_RERANKER, config.reranker], parseRerankerSetting, 'none');

  const envTokens = env.CAIRN_TOKENS?.trim() ? parseTokenList(env.CAIRN_TOKENS) : null;
  const [tokens, tokensSource]: [Record<string, string>, SettingSource] = envTokens
    ? [envTokens, 'env']
    : config.tokens && Object.keys(config.tokens).length
      ? [config.tokens, 'config']
      : [{}, 'default'];

  return {
    roots: [...new Set(roots)],
    model,
    modelSource,
    reranker,
    rerankerSource,
    rootsSource,
    db,
    dbSource,
    ignorePatterns: config.ignorePatterns ?? [],
    maxFileBytes: config.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    staleAfterDays: config.staleAfterDays ?? DEFAULT_STALE_AFTER_DAYS,
    configPath,
    skills: {
      categories: config.skillCategories ?? [...DEFAULT_SKILL_CATEGORIES],
      mappings: config.skillMappings ?? {},
      agents: Object.fromEntries(
        Object.entries(config.agents ?? {}).map(([id, a]) => [id, { name: a.name ?? null, projects: (a.projects ?? []).map(fromConfig) }]),
      ),
    },
    tokens,
    tokensSource,
    conceptAliases: config.conceptAliases ?? {},
  };
}

/** `CAIRN_TOKENS="token1=agentA,token2=agentB"` as a token → agent map; a bad entry is an error naming it (never its token). */
export function parseTokenList(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  entries.forEach((entry, i) => {
    const eq = entry.lastIndexOf('=');
    const [token, agent] = eq > 0 ? [entry.slice(0, eq).trim(), entry.slice(eq + 1).trim()] : ['', ''];
    if (!token || !agent) throw new Error(`CAIRN_TOKENS entry ${i + 1} is not token=agent`);
    const t = Token.safeParse(token);
    if (!t.success) throw new Error(`CAIRN_TOKENS entry ${i + 1} (for agent "${agent}"): ${t.error.issues[0]!.message}`);
    const a = AgentName.safeParse(agent);
    if (!a.success) throw new Error(`CAIRN_TOKENS entry ${i + 1}: agent "${agent}": ${a.error.issues[0]!.message}`);
    if (Object.hasOwn(out, token) && out[token] !== agent) throw new Error(`CAIRN_TOKENS entry ${i + 1}: the same token is given to two agents`);
    out[token] = agent;
  });
  return out;
}

function readConfig(file: string): z.infer<typeof ConfigFile> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`cannot read the config file ${file}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`the config file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = ConfigFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`the config file ${file} has a bad field "${issue.path.join('.') || '(top)'}": ${issue.message}`);
  }
  return parsed.data;
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
}

// Packaging cannot run here (no Electron download), so the electron-builder config is checked
// instead: against electron-builder's own JSON schema (scheme.json, with the ajv it uses), through
// electron-builder's own loader and validator, and against the files it names.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { OUT_DIR, ROOT } from './build.mjs';

const CONFIG_FILE = path.join(ROOT, 'build', 'electron', 'electron-builder.yml');
const config = YAML.parse(fs.readFileSync(CONFIG_FILE, 'utf8')) as Record<string, unknown> & {
  extraResources: { from: string; to: string }[];
  extraMetadata: { main: string };
  directories: { buildResources: string; output: string };
  icon: string;
};

// electron-builder's own copies: resolved from app-builder-lib, so they are the ones it runs with
const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));
type ValidateFn = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
const AjvClass = builderRequire('ajv') as new (opts: object) => { compile(schema: object): ValidateFn };
const schema = JSON.parse(fs.readFileSync(builderRequire.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;

// the same ajv options electron-builder validates with (app-builder-lib/out/util/config/schemaValidator.js)
const check = new AjvClass({ allErrors: true, coerceTypes: true, strict: false }).compile(schema);

function validate(candidate: unknown): string[] {
  return check(structuredClone(candidate)) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe('the electron-builder config', () => {
  it('matches electron-builder’s JSON schema', () => {
    expect(validate(config)).toEqual([]);
  });

  it('the schema check is not vacuous: a misspelt or misplaced option fails', () => {
    expect(validate({ ...config, linux: { ...(config.linux as object), targett: ['deb'] } })).not.toEqual([]);
    expect(validate({ ...config, title: 'Cairn' })).not.toEqual([]);
    expect(validate({ ...config, asar: 'yes please' })).not.toEqual([]);
  });

  it('loads and validates through electron-builder itself', async () => {
    const { getConfig, validateConfiguration } = builderRequire('app-builder-lib/out/util/config/config') as {
      getConfig(projectDir: string, configPath: string, configFromOptions: null): Promise<Record<string, unknown>>;
      validateConfiguration(config: unknown, debugLogger: unknown): Promise<void>;
    };
    const { DebugLogger } = builderRequire('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const loaded = await getConfig(ROOT, CONFIG_FILE, null);
    expect(loaded.appId).toBe('dev.cairn.app');
    expect(loaded.productName).toBe('Cairn');
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('builds Linux AppImage + deb, a macOS dmg and a Windows NSIS installer', () => {
    const targets = (platform: string) =>
      ((config[platform] as { target: (string | { target: string })[] }).target ?? []).map((t) => (typeof t === 'string' ? t : t.target));
    expect(targets('linux')).toEqual(['AppImage', 'deb']);
    expect(targets('mac')).toEqual(['dmg']);
    expect(targets('win')).toEqual(['nsis']);
  });

  it('ships resources that exist: the model, the demo wiki, the README', () => {
    const froms = config.extraResources.map((r) => r.from);
    expect(froms).toEqual(expect.arrayContaining(['build/model', 'build/demo-wiki']));
    for (const from of froms) expect(fs.existsSync(path.join(ROOT, from)), from).toBe(true);
    // the shipped model folder itself (a folder with the model card)
    const models = fs.readdirSync(path.join(ROOT, 'build', 'model')).filter((d) => fs.existsSync(path.join(ROOT, 'build', 'model', d, 'config.json')));
    expect(models.length).toBeGreaterThan(0);
  });

  it('starts the app from the bundle build.mjs writes, and has its icon', () => {
    expect(path.join(ROOT, config.extraMetadata.main)).toBe(path.join(OUT_DIR, 'main.cjs'));
    expect(fs.existsSync(path.join(ROOT, config.directories.buildResources))).toBe(true);
    const png = fs.readFileSync(path.join(ROOT, config.icon));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });

  it('writes installers outside dist/, where the bundles and the renderer live', () => {
    expect(config.directories.output.startsWith('dist')).toBe(false);
  });
});

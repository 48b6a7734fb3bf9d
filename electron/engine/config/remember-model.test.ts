// The config file a model switch rewrites: other keys kept, its mode kept (it may hold tokens and a
// database password), a link followed to the file it names, an invalid file refused and left as is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { previousModel, rememberModel } from './remember-model.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('keeping the model in the config file', () => {
  it('keeps every other key and the file mode, and the model before', () => {
    const file = path.join(dir, 'private.json');
    fs.writeFileSync(file, JSON.stringify({ db: 'postgres://cairn:secret@db/wiki', tokens: { t0k3n: 'scout' } }), { mode: 0o600 });
    rememberModel(file, 'hub:owner/name', 'adaptive');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      db: 'postgres://cairn:secret@db/wiki',
      tokens: { t0k3n: 'scout' },
      model: 'hub:owner/name',
      previousModel: 'adaptive',
    });
    expect(previousModel(file)).toBe('adaptive');
  });

  it('writes through a link to the file it names', () => {
    const real = path.join(dir, 'dotfiles-config.json');
    fs.writeFileSync(real, '{"roots": ["~/wiki"]}');
    const link = path.join(dir, 'linked.json');
    fs.symlinkSync(real, link);
    rememberModel(link, 'adaptive', 'hub:owner/name');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(fs.readFileSync(real, 'utf8'))).toMatchObject({ roots: ['~/wiki'], model: 'adaptive' });
  });

  it('refuses a file that is not JSON, naming it, and leaves it as it was', () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, '{ "roots": [');
    expect(() => rememberModel(file, 'adaptive', 'none')).toThrow(`the config file ${file} is not valid JSON`);
    expect(() => previousModel(file)).toThrow(`the config file ${file} is not valid JSON`);
    expect(fs.readFileSync(file, 'utf8')).toBe('{ "roots": [');
  });
});

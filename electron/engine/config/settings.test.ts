import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_WIKI, resolveSettings } from './settings.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-settings-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const config = (obj: unknown) => {
  const file = path.join(dir, 'config.json');
  fs.writeFileSync(file, JSON.stringify(obj));
  return file;
};

describe('settings precedence: CLI > env > config > default', () => {
  it('uses the demo wiki and the user data folder when nothing is set', () => {
    const s = resolveSettings({ env: { CAIRN_CONFIG: path.join(dir, 'absent.json') }, cwd: dir });
    expect([s.roots, s.rootsSource, s.dbSource]).toEqual([[DEMO_WIKI], 'default', 'default']);
    expect(fs.existsSync(path.join(DEMO_WIKI, 'global', 'index.md'))).toBe(true);
  });

  it('takes the config file, resolving its paths against the file', () => {
    const s = resolveSettings({ env: { CAIRN_CONFIG: config({ roots: ['wiki'], db: 'x.db', ignorePatterns: ['a/'] }) }, cwd: '/' });
    expect([s.roots, s.rootsSource, s.db, s.dbSource, s.ignorePatterns]).toEqual([
      [path.join(dir, 'wiki')],
      'config',
      path.join(dir, 'x.db'),
      'config',
      ['a/'],
    ]);
  });

  it('env beats config, CLI beats env', () => {
    const env = { CAIRN_CONFIG: config({ roots: ['wiki'], db: 'x.db' }), CAIRN_ROOTS: 'e1, e2', CAIRN_DB: 'env.db' };
    const fromEnv = resolveSettings({ env, cwd: dir });
    expect([fromEnv.roots, fromEnv.rootsSource, fromEnv.db, fromEnv.dbSource]).toEqual([
      [path.join(dir, 'e1'), path.join(dir, 'e2')],
      'env',
      path.join(dir, 'env.db'),
      'env',
    ]);
    const fromCli = resolveSettings({ env, cwd: dir, roots: ['c'], db: 'cli.db' });
    expect([fromCli.roots, fromCli.rootsSource, fromCli.db, fromCli.dbSource]).toEqual([[path.join(dir, 'c')], 'cli', path.join(dir, 'cli.db'), 'cli']);
  });

  it('names the file and field of a bad config', () => {
    const file = config({ roots: 'not-a-list' });
    expect(() => resolveSettings({ env: { CAIRN_CONFIG: file } })).toThrow(`the config file ${file} has a bad field "roots"`);
    fs.writeFileSync(file, '{ nope');
    expect(() => resolveSettings({ env: { CAIRN_CONFIG: file } })).toThrow(/is not valid JSON/);
  });
});

describe('the database location is a file path, never a URL', () => {
  it('a Windows drive path and a colon after the first segment stay file paths', () => {
    const env = { CAIRN_CONFIG: path.join(dir, 'absent.json') };
    for (const db of ['C:\\x\\cairn.db', 'C:/x/cairn.db', 'notes/at 10:30.db']) {
      expect(resolveSettings({ db, env, cwd: dir }).db).toBe(path.resolve(dir, db));
    }
  });

  it('a postgres URL is kept as given; any other URL is an error naming where it came from', () => {
    const env = { CAIRN_CONFIG: path.join(dir, 'absent.json') };
    expect(resolveSettings({ db: 'postgresql://h/cairn', env, cwd: dir }).db).toBe('postgresql://h/cairn');
    expect(() => resolveSettings({ db: 'postgres:cairn', env, cwd: dir })).toThrow(/^--db is postgres:cairn, which is neither form/);
    expect(() => resolveSettings({ env: { ...env, CAIRN_DB: 'sqlite:///x.db' }, cwd: dir })).toThrow(/^CAIRN_DB is sqlite:\/\/\/x\.db, which is neither form/);
  });
});

// API tokens: from CAIRN_TOKENS or the config file's `tokens`, each given to one agent, validated
// before the server starts; an error names the entry, never the token itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTokenList, resolveSettings } from './settings.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-tokens-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const config = (obj: unknown) => {
  const file = path.join(dir, 'config.json');
  fs.writeFileSync(file, JSON.stringify(obj));
  return file;
};
const T1 = '0123456789abcdef0123';
const T2 = 'ZmVkY2JhOTg3NjU0MzIxMA==';

describe('tokens', () => {
  it('are none by default', () => {
    const s = resolveSettings({ env: { CAIRN_CONFIG: path.join(dir, 'absent.json') }, cwd: dir });
    expect([s.tokens, s.tokensSource]).toEqual([{}, 'default']);
  });

  it('come from the config file, and CAIRN_TOKENS beats it', () => {
    const file = config({ tokens: { [T1]: 'alice' } });
    expect(resolveSettings({ env: { CAIRN_CONFIG: file }, cwd: dir })).toMatchObject({ tokens: { [T1]: 'alice' }, tokensSource: 'config' });
    const s = resolveSettings({ env: { CAIRN_CONFIG: file, CAIRN_TOKENS: ` ${T2}=bob , ${T1}=carol,` }, cwd: dir });
    expect([s.tokens, s.tokensSource]).toEqual([{ [T2]: 'bob', [T1]: 'carol' }, 'env']);
  });

  it('refuse a short or odd token, a bad agent name, and a token given twice, without printing the token', () => {
    expect(() => parseTokenList('short=alice')).toThrow('CAIRN_TOKENS entry 1 (for agent "alice"): a token is at least 16 characters');
    expect(() => parseTokenList(`${T1}=alice,${'x'.repeat(20)} y=bob`)).toThrow(/entry 2 .*letters, digits/);
    expect(() => parseTokenList(`${T1}=../alice`)).toThrow(/entry 1: agent "\.\.\/alice": an agent name is/);
    expect(() => parseTokenList(`${T1}`)).toThrow('CAIRN_TOKENS entry 1 is not token=agent');
    expect(() => parseTokenList(`${T1}=a,${T1}=b`)).toThrow('the same token is given to two agents');
    for (const bad of ['short=alice', `${T1}=../alice`]) {
      try {
        parseTokenList(bad);
      } catch (err) {
        expect((err as Error).message).not.toContain(bad.split('=')[0]);
      }
    }
    expect(() => resolveSettings({ env: { CAIRN_CONFIG: config({ tokens: { short: 'alice' } }) }, cwd: dir })).toThrow(/bad field "tokens/);
    expect(() => resolveSettings({ env: { CAIRN_CONFIG: config({ tokens: { [T1]: 'no way' } }) }, cwd: dir })).toThrow(/bad field "tokens/);
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelSettingText, parseModelSetting } from './model-setting.ts';
import { resolveSettings } from './settings.ts';

describe('the model setting, read once', () => {
  it('tells keywords, hub ids and folders apart, and writes each back as it was given', () => {
    const resolve = (p: string) => path.resolve('/base', p);
    expect(parseModelSetting('adaptive', resolve)).toBe('adaptive');
    expect(parseModelSetting('none', resolve)).toBe('none');
    expect(parseModelSetting('hub:Xenova/bge-small-en-v1.5', resolve)).toEqual({ hub: 'Xenova/bge-small-en-v1.5' });
    expect(parseModelSetting('models/mine', resolve)).toEqual({ dir: '/base/models/mine' });
    for (const text of ['adaptive', 'none', 'hub:Xenova/bge-small-en-v1.5', '/abs/model']) expect(modelSettingText(parseModelSetting(text))).toBe(text);
  });

  it('reaches the settings typed, a folder resolved against where it was given', () => {
    const env = { CAIRN_CONFIG: '/nowhere/absent.json' };
    expect(resolveSettings({ env, cwd: '/work' }).model).toBe('adaptive');
    expect(resolveSettings({ model: 'm', env, cwd: '/work' }).model).toEqual({ dir: '/work/m' });
    expect(resolveSettings({ env: { ...env, CAIRN_MODEL: 'hub:a/b' }, cwd: '/work' }).model).toEqual({ hub: 'a/b' });
  });
});

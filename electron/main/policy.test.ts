import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ENTRY, appFile, desktopTarget, externalUrl, isAppUrl, isInside, parseShellArgs } from './policy.ts';

describe('which URLs are the app', () => {
  it('accepts only app://cairn', () => {
    expect(isAppUrl(APP_ENTRY)).toBe(true);
    expect(isAppUrl('app://cairn/assets/index.js')).toBe(true);
    expect(isAppUrl('app://evil/index.html')).toBe(false);
    expect(isAppUrl('file:///work/main/dist/renderer/index.html')).toBe(false);
    expect(isAppUrl('http://127.0.0.1:4317/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });

  it('sends only http(s) to the system browser', () => {
    expect(externalUrl('https://example.com/a?b#c')).toBe('https://example.com/a?b#c');
    expect(externalUrl('http://example.com')).toBe('http://example.com/');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'app://cairn/x', 'ms-msdt:/id', '']) {
      expect(externalUrl(url)).toBeNull();
    }
  });
});

describe('files served on app://cairn', () => {
  const dir = path.resolve('/srv/cairn/dist/renderer');
  it('maps paths inside the renderer folder, / to index.html', () => {
    expect(appFile(dir, 'app://cairn/')).toBe(path.join(dir, 'index.html'));
    expect(appFile(dir, 'app://cairn/index.html')).toBe(path.join(dir, 'index.html'));
    expect(appFile(dir, 'app://cairn/assets/index-1.js?v=2#x')).toBe(path.join(dir, 'assets', 'index-1.js'));
    expect(appFile(dir, 'app://cairn/a%20b.css')).toBe(path.join(dir, 'a b.css'));
  });

  it('never leaves the folder', () => {
    // the URL parser already folds plain dot segments (app://cairn/../x is app://cairn/x)
    expect(appFile(dir, 'app://cairn/../../etc/passwd')).toBe(path.join(dir, 'etc', 'passwd'));
    for (const url of ['app://cairn/%2e%2e/%2e%2e/etc/passwd', 'app://cairn/assets/%2e%2e%2f%2e%2e%2f..%2fsecret', 'app://cairn/x/..%2f..%2f..%2fsecret']) {
      const file = appFile(dir, url);
      expect(file === null || isInside(dir, file), `${url} -> ${file}`).toBe(true);
    }
    // encoded separators survive the URL parser and are caught by the containment check
    expect(appFile(dir, 'app://cairn/x/..%2f..%2f..%2fsecret')).toBeNull();
    for (const url of ['app://cairn/..%5c..%5csecret', 'app://cairn/%00', 'app://cairn/%E0%A4%A', 'app://other/index.html', 'file:///etc/passwd']) {
      expect(appFile(dir, url), url).toBeNull();
    }
  });
});

describe('desktop actions', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-policy-'));
  const root = path.join(tmp, 'wiki');
  const outside = path.join(tmp, 'outside.md');
  fs.mkdirSync(path.join(root, 'global'), { recursive: true });
  fs.writeFileSync(path.join(root, 'global', 'page.md'), '# Page\n');
  fs.writeFileSync(path.join(root, 'global', 'tool.sh'), 'echo hi\n');
  fs.writeFileSync(outside, '# Outside\n');
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('opens a markdown page inside a root', () => {
    expect(desktopTarget([root], path.join(root, 'global', 'page.md'), 'openInEditor')).toEqual({ path: path.join(root, 'global', 'page.md') });
    expect(desktopTarget([root], path.join(root, 'global', '..', 'global', 'page.md'), 'revealInFolder')).toEqual({
      path: path.join(root, 'global', 'page.md'),
    });
  });

  it('refuses anything else, naming the path', () => {
    const refuse = (input: unknown, action: 'openInEditor' | 'revealInFolder' = 'openInEditor') => {
      const result = desktopTarget([root], input, action);
      expect('error' in result, String(input)).toBe(true);
      return 'error' in result ? result.error : '';
    };
    expect(refuse(outside)).toMatch(/not inside a wiki root/);
    expect(refuse(path.join(root, '..', 'outside.md'))).toMatch(/not inside a wiki root/);
    expect(refuse(path.join(root + '-sibling', 'x.md'))).toMatch(/not inside a wiki root/);
    expect(refuse('global/page.md')).toMatch(/not an absolute path/);
    expect(refuse(path.join(root, 'global', 'missing.md'))).toMatch(/does not exist/);
    expect(refuse(path.join(root, 'global', 'tool.sh'))).toMatch(/not a markdown page/);
    expect(refuse(path.join(root, 'global'))).toMatch(/not a markdown page/);
    expect(refuse(42)).toMatch(/expected a file path/);
    expect(refuse(null, 'revealInFolder')).toMatch(/expected a file path/);
  });

  it('reveals any existing file or folder inside a root', () => {
    expect(desktopTarget([root], path.join(root, 'global', 'tool.sh'), 'revealInFolder')).toEqual({ path: path.join(root, 'global', 'tool.sh') });
    expect(desktopTarget([root], root, 'revealInFolder')).toEqual({ path: root });
  });

  it('isInside treats a sibling with a common prefix as outside', () => {
    expect(isInside('/a/wiki', '/a/wiki/x.md')).toBe(true);
    expect(isInside('/a/wiki', '/a/wiki2/x.md')).toBe(false);
    expect(isInside('/a/wiki', '/a/wiki/..x.md')).toBe(true);
  });
});

describe('command line', () => {
  it('reads roots and --db after the script in development, after the executable when packaged', () => {
    expect(parseShellArgs(['/x/electron', '/x/dist/electron/main.cjs', 'wiki', '--db', 'i.db'], false)).toEqual({ roots: ['wiki'], db: 'i.db' });
    expect(parseShellArgs(['/opt/Cairn/cairn', '/home/me/wiki', '/home/me/notes'], true)).toEqual({
      roots: ['/home/me/wiki', '/home/me/notes'],
      db: undefined,
    });
  });

  it('finds the app after switches that come before it (Playwright), or as a folder', () => {
    expect(parseShellArgs(['/x/electron', '--inspect=0', '--remote-debugging-port=0', 'dist/electron/main.cjs', 'wiki'], false)).toEqual({
      roots: ['wiki'],
      db: undefined,
    });
    expect(parseShellArgs(['/x/electron', '.', 'wiki'], false)).toEqual({ roots: ['wiki'], db: undefined });
    expect(parseShellArgs(['/x/electron'], false)).toEqual({ roots: [], db: undefined });
  });

  it('accepts the serve-only options npm start may pass, without taking their values for roots', () => {
    expect(parseShellArgs(['/x/electron', 'main.cjs', '--port', '5000', '--host', '0.0.0.0', '--no-watch', 'wiki'], false)).toEqual({
      roots: ['wiki'],
      db: undefined,
    });
  });

  it('ignores Chromium switches and macOS launch arguments', () => {
    expect(parseShellArgs(['/opt/Cairn/cairn', '--no-sandbox', '--enable-logging=stderr', '-psn_0_12345', 'wiki'], true)).toEqual({
      roots: ['wiki'],
      db: undefined,
    });
  });
});

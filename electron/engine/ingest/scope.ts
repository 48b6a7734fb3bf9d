// Which space a file belongs to. A root that holds a `global/` folder is a scoped wiki:
// `global/**` is shared and `user/<agent>/**` is that agent's own space, shadowing global keys.
// Any other root is one shared space (so a vault with its own `user/` folder is not misread).
import fs from 'node:fs';
import path from 'node:path';
import type { Scope } from '../../../shared/page.ts';

export function isScopedRoot(root: string): boolean {
  try {
    return fs.statSync(path.join(root, 'global')).isDirectory();
  } catch {
    return false;
  }
}

export function scopeOf(relPath: string, scoped: boolean): Scope {
  if (scoped) {
    const parts = relPath.split('/');
    if (parts[0] === 'user' && parts.length >= 3) return { kind: 'user', agent: parts[1]! };
  }
  return { kind: 'global', agent: null };
}

export function keyOf(relPath: string): string {
  return path.posix.basename(relPath).replace(/\.md$/i, '');
}

export function isMarkdown(relPath: string): boolean {
  return /\.md$/i.test(relPath);
}

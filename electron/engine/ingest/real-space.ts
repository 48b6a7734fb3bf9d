// The space a file really lies in. A symlink inside the roots is a second path to a file the index
// already holds at its real path; when that second path names another space (builder's
// `user/builder/scoutlink -> ../scout`), reading it there would show one agent another's private
// pages. So a file is indexed only where its path and its real path name the same space, as a
// write lands only there (curation/page-place.ts). A file whose real path lies outside every root
// has no other place in the index, and is read in the space of its path.
import fs from 'node:fs';
import path from 'node:path';
import type { Scope } from '../../../shared/page.ts';
import { isScopedRoot, scopeOf } from './scope.ts';

interface RealRoot {
  real: string;
  scoped: boolean;
}

export interface RealSpaces {
  /** The space the file at `realPath` lies in, by the root that holds it; null outside every root. */
  of(realPath: string): Scope | null;
}

export function realSpaces(roots: readonly string[]): RealSpaces {
  const known: RealRoot[] = [];
  for (const root of roots) {
    try {
      known.push({ real: fs.realpathSync(root), scoped: isScopedRoot(root) });
    } catch {
      // a root that is not there holds no file
    }
  }
  // of nested roots, the innermost decides
  known.sort((a, b) => b.real.length - a.real.length);
  return {
    of(realPath) {
      const root = known.find((r) => realPath === r.real || realPath.startsWith(r.real + path.sep));
      return root ? scopeOf(path.relative(root.real, realPath).split(path.sep).join('/'), root.scoped) : null;
    },
  };
}

export const sameSpace = (a: Scope, b: Scope) => a.kind === b.kind && a.agent === b.agent;

export const spaceName = (s: Scope) => (s.kind === 'user' ? `user/${s.agent}/` : 'the shared space');

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
  /** The root as configured (its ignore rules are read from there). */
  root: string;
  real: string;
  scoped: boolean;
}

/** Where a real path lies: the root that holds it and the path in it (POSIX; '' for the root itself). */
export interface RealPlace {
  root: string;
  rel: string;
}

export interface RealSpaces {
  /** The space the file at `realPath` lies in, by the root that holds it; null outside every root. */
  of(realPath: string): Scope | null;
  /** The root that holds `realPath` and its path there; null outside every root. */
  at(realPath: string): RealPlace | null;
}

export function realSpaces(roots: readonly string[]): RealSpaces {
  const known: RealRoot[] = [];
  for (const root of roots) {
    try {
      known.push({ root, real: fs.realpathSync(root), scoped: isScopedRoot(root) });
    } catch {
      // a root that is not there holds no file
    }
  }
  // of nested roots, the innermost decides
  known.sort((a, b) => b.real.length - a.real.length);
  const holder = (realPath: string) => known.find((r) => realPath === r.real || realPath.startsWith(r.real + path.sep));
  const relIn = (r: RealRoot, realPath: string) => path.relative(r.real, realPath).split(path.sep).join('/');
  return {
    of(realPath) {
      const root = holder(realPath);
      return root ? scopeOf(relIn(root, realPath), root.scoped) : null;
    },
    at(realPath) {
      const root = holder(realPath);
      return root ? { root: root.root, rel: relIn(root, realPath) } : null;
    },
  };
}

export const sameSpace = (a: Scope, b: Scope) => a.kind === b.kind && a.agent === b.agent;

export const spaceName = (s: Scope) => (s.kind === 'user' ? `user/${s.agent}/` : 'the shared space');

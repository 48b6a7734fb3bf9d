// Types for build.mjs, so TypeScript callers (tests, e2e) can use it.
import type { Metafile } from 'esbuild';

export const ROOT: string;
export const OUT_DIR: string;
export const MAIN_EXTERNALS: string[];
export function contractMethodNames(): Promise<string[]>;
export function buildShell(options?: { outDir?: string }): Promise<{
  main: string;
  preload: string;
  methodNames: string[];
  metafiles: { main: Metafile; preload: Metafile };
}>;
export function buildLikeMain(entry: string, outfile: string): Promise<void>;

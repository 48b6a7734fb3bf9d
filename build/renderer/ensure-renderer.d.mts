// Types for ensure-renderer.mjs (for the TypeScript CLI and tests).
export const RENDERER_DIST: string;
export function ensureRenderer(options?: {
  outDir?: string;
  log?: (line: string) => void;
}): Promise<{ ok: true; built: boolean } | { ok: false; reason: string }>;

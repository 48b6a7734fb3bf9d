// Types for lines.mjs (for the tests).
export const NODE_LINES: Record<string, string>;
export function nodePackageName(): string | null;
export function ensureLine(version: string, options?: { log?: (line: string) => void }): Promise<{ ok: true; node: string; binding: string; built: boolean } | { ok: false; reason: string }>;

// Types for sources.mjs.
export const ROOT: string;
export const CLI_DIR: string;
export const CLI_ENTRY: string;
export function newestSource(): number;
export function compiledIsCurrent(): boolean;

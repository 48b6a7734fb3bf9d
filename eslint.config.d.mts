// The lists eslint.config.mjs exports, for build/lint/rules.test.ts.
export declare const SQL_PENDING: string[];
export declare const DB_PENDING: string[];
export declare const FOLDER_CYCLE_PENDING: string[];
declare const config: unknown[];
export default config;

// Inline `#tags` are tags (shared/markdown/tags.ts): the pages whose body may hold one (a `#` after
// whitespace, then neither whitespace nor another `#`: a heading's `# ` is none) are read again by
// the next run, which finds their tags. A stat no file has sends a file to be read; a page without
// prose is parsed again even when its bytes are the same (common/pages.ts storedHashes).
export const INLINE_TAGS_SCHEMA = `
UPDATE files SET mtime_ms = -1 WHERE id IN (SELECT file_id FROM pages WHERE body ~ '(^|\\s)#[^\\s#]');
UPDATE pages SET prose = NULL WHERE body ~ '(^|\\s)#[^\\s#]';
`;

// Statements of the runs repository both stores run as written.

export const FILE_COLUMNS = `SELECT id, rel_path, mtime_ms, size, status FROM files`;
export const FILE_PROBLEMS = `SELECT r.path AS root, f.rel_path AS path, f.status, f.reason, p.fm_error, p.fm_error_line
   FROM files f JOIN roots r ON r.id = f.root_id LEFT JOIN pages p ON p.file_id = f.id
   WHERE f.id IN (SELECT id FROM files WHERE reason IS NOT NULL UNION SELECT file_id FROM pages WHERE fm_error IS NOT NULL)
   ORDER BY r.path, f.rel_path`;
export const COUNTS = `SELECT (SELECT count(*) FROM pages) AS pages, (SELECT count(*) FROM chunks) AS chunks,
   (SELECT count(*) FROM links) AS links,
   (SELECT count(*) FROM links WHERE reason = 'missing-page') AS dangling,
   (SELECT count(*) FROM links WHERE reason = 'missing-anchor') AS "brokenAnchors"`;

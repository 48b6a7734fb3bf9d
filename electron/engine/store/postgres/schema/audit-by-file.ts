// A file's audit entries by id: every logged write asks for the newest entry of its file
// (AuditRepo.latestOn: is another write's rename under way?), and undo for those after one
// (laterOn). With (path, root) alone PostgreSQL read and sorted all of a file's entries for it,
// a cost that grew with every write of a much-written page (the registry's decisions file).
// SQLite's index on (path, root) holds the rowid, which is the id, in order already.
export const AUDIT_BY_FILE_SCHEMA = `
DROP INDEX audit_file;
CREATE INDEX audit_file ON audit(path, root, id);
`;

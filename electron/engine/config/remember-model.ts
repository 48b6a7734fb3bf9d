// Keeps the model a switch moved the index to in the config file, with the one before it (what a
// rollback goes back to), so the next start serves the model the vectors are of. Every other key
// of the file is kept as it was; a file that is not valid JSON is refused, never overwritten.
import fs from 'node:fs';
import path from 'node:path';

export function rememberModel(configPath: string, model: string, previous: string): void {
  // a link is followed, so the file it names is the one that changes (a dotfiles repository's)
  const file = fs.existsSync(configPath) ? fs.realpathSync(configPath) : configPath;
  const config = readJson(file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  // the file may hold tokens and a database password: the new one is no more readable than the old
  const mode = fs.existsSync(file) ? fs.statSync(file).mode & 0o777 : 0o600;
  const fd = fs.openSync(temp, 'w', mode);
  try {
    fs.writeFileSync(fd, `${JSON.stringify({ ...config, model, previousModel: previous }, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

function readJson(file: string): Record<string, unknown> {
  if (!fs.existsSync(file)) return {};
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`the config file ${file} is not valid JSON (${(err as Error).message}): the model was switched, but not kept there`, { cause: err });
  }
}

/** The model before the last switch, as the config file keeps it; null when it keeps none. */
export function previousModel(configPath: string): string | null {
  let config: { previousModel?: unknown };
  try {
    config = fs.existsSync(configPath) ? (JSON.parse(fs.readFileSync(configPath, 'utf8')) as { previousModel?: unknown }) : {};
  } catch (err) {
    throw new Error(`the config file ${configPath} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  return typeof config.previousModel === 'string' ? config.previousModel : null;
}

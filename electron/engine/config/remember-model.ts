// Keeps the model a switch moved the index to in the config file, with the one before it (what a
// rollback goes back to), so the next start serves the model the vectors are of. Every other key
// of the file is kept as it was; a file that is not valid JSON is refused, never overwritten.
import fs from 'node:fs';
import path from 'node:path';

export function rememberModel(configPath: string, model: string, previous: string): void {
  let config: Record<string, unknown> = {};
  if (fs.existsSync(configPath)) {
    try {
      config = JSON.parse(fs.readFileSync(configPath, 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new Error(`the config file ${configPath} is not valid JSON (${(err as Error).message}): the model was switched, but not kept there`);
    }
  }
  fs.mkdirSync(path.dirname(configPath), { recursive: true });
  const temp = `${configPath}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify({ ...config, model, previousModel: previous }, null, 2)}\n`);
  fs.renameSync(temp, configPath);
}

/** The model before the last switch, as the config file keeps it; null when it keeps none. */
export function previousModel(configPath: string): string | null {
  if (!fs.existsSync(configPath)) return null;
  const config = JSON.parse(fs.readFileSync(configPath, 'utf8')) as { previousModel?: unknown };
  return typeof config.previousModel === 'string' ? config.previousModel : null;
}

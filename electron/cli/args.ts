// Argument parsing shared by every command: node's own parseArgs, with errors a user can act on.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

export const COMMON_OPTIONS = {
  db: { type: 'string' },
  model: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

export function parse<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
}

/** A flag's text as a number. Only the conversion happens here: its range is the contract's
 * schema's to check (dispatch), so the CLI cannot drift from what the API accepts. */
export function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${value}"`);
  return n;
}

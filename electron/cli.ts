// `cairn <command>`: a thin door over the engine. Errors go to stderr with a non-zero exit
// and a sentence that says what to do.
import { CairnError, STATE_CODES } from '../shared/errors.ts';
import { COMMANDS, commandHelp, usage } from './cli/commands.ts';
import { UsageError } from './cli/args.ts';
import { redactSecretsIn } from './engine/config/pg-url.ts';

/** `--help` or `-h` before any `--` (after it, they are a query's words). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    const about = name === 'help' && rest[0] && Object.hasOwn(COMMANDS, rest[0]) ? commandHelp(rest[0]) : usage();
    process.stdout.write(about);
    return name ? 0 : 2;
  }
  if (!Object.hasOwn(COMMANDS, name)) throw new UsageError(`unknown command "${name}"`);
  if (asksForHelp(rest)) {
    process.stdout.write(commandHelp(name));
    return 0;
  }
  const run = await COMMANDS[name]!.load();
  try {
    return await run(rest);
  } catch (err) {
    // a usage mistake shows that command's usage, not the whole list
    if (err instanceof UsageError) throw new CommandUsageError(err.message, name);
    throw err;
  }
}

class CommandUsageError extends UsageError {
  constructor(
    message: string,
    readonly command: string,
  ) {
    super(message);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`cairn: ${redactSecretsIn(err.message)}\n\n${err instanceof CommandUsageError ? commandHelp(err.command) : usage()}`);
      process.exitCode = 2;
    } else if (err instanceof CairnError && !STATE_CODES.includes(err.code)) {
      // refused, not failed: the request named something wrong (a field, a page, a stale version);
      // a read-only, locked or damaged database is the machine's state, not the caller's mistake, so it stays 1
      process.stderr.write(`cairn: ${redactSecretsIn(err.message)}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`cairn: ${redactSecretsIn((err as Error).message ?? String(err))}\n`);
      if (process.env.CAIRN_DEBUG) process.stderr.write(`${redactSecretsIn(String((err as Error).stack))}\n`);
      process.exitCode = 1;
    }
  },
);

// `cairn <command>`: a thin door over the engine. Errors go to stderr with a non-zero exit
// and a sentence that says what to do.
import { BadRequest } from '../shared/contract.ts';
import { COMMANDS, usage } from './cli/commands.ts';
import { UsageError } from './cli/args.ts';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}"`);
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`cairn: ${err.message}\n\n${usage()}`);
      process.exitCode = 2;
    } else if (err instanceof BadRequest) {
      process.stderr.write(`cairn: ${err.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`cairn: ${(err as Error).message ?? String(err)}\n`);
      if (process.env.CAIRN_DEBUG) process.stderr.write(`${(err as Error).stack}\n`);
      process.exitCode = 1;
    }
  },
);

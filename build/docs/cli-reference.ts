// docs/cli.md, made from the CLI's own help (electron/cli/commands.ts), so the reference cannot say
// what `cairn X --help` does not: `npm run docs:cli` writes it, cli-reference.test.ts compares.
import { COMMANDS, commandHelp, usage } from '../../electron/cli/commands.ts';

export const CLI_REFERENCE_PATH = 'docs/cli.md';

export function cliReference(): string {
  const sections = Object.keys(COMMANDS).map((name) => `## cairn ${name}\n\n\`\`\`text\n${commandHelp(name).trimEnd()}\n\`\`\`\n`);
  return [
    '# The `cairn` command',
    '',
    '<!-- Generated from electron/cli/commands.ts by `npm run docs:cli`; edit the help there, not here. -->',
    '',
    'Every command answers `--help` (or `-h`) with its usage and does nothing else. Settings, the',
    'index and its history are explained in [using.md](using.md).',
    '',
    '```text',
    usage().trimEnd(),
    '```',
    '',
    ...sections,
  ].join('\n');
}

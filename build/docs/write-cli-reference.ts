// `npm run docs:cli`: writes docs/cli.md from the CLI's help.
import fs from 'node:fs';
import { CLI_REFERENCE_PATH, cliReference } from './cli-reference.ts';

fs.writeFileSync(CLI_REFERENCE_PATH, cliReference());
process.stdout.write(`wrote ${CLI_REFERENCE_PATH}\n`);

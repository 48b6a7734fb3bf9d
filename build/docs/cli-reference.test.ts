import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/cli/commands.ts';
import { CLI_REFERENCE_PATH, cliReference } from './cli-reference.ts';

describe('docs/cli.md', () => {
  it('is what the CLI says of itself (npm run docs:cli writes it again)', () => {
    expect(fs.readFileSync(CLI_REFERENCE_PATH, 'utf8'), 'docs/cli.md is out of date: run npm run docs:cli').toBe(cliReference());
  });

  it('has a section with the usage of every command', () => {
    const doc = cliReference();
    for (const [name, command] of Object.entries(COMMANDS)) {
      expect(doc).toContain(`## cairn ${name}\n`);
      expect(doc).toContain(command.usage);
    }
  });
});

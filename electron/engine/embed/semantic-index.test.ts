// A write pays for its own page's vectors, not for the wiki's model: rebuilding the adaptive model
// takes seconds to a minute and re-embeds every chunk, and with several processes sharing one
// database each write would rebuild in turn (agents' MCP calls timed out behind it). Runs of a
// few paths embed with the model in use; the next full run measures the drift they left.
import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { DEMO_WIKI } from '../config/settings.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

/** Pages of words the demo wiki has never used: enough of them drift the vocabulary past the rebuild policy. */
const newWords = (i: number) => `# Probe ${i}\n\n${Array.from({ length: 40 }, (_, j) => `zq${i}w${j}`).join(' ')} the deploy runbook and its rollback.\n`;

it('writes embed with the adaptive model in use; the next full run rebuilds it for the drift they made', async () => {
  fx = makeFixture();
  fs.cpSync(DEMO_WIKI, fx.root, { recursive: true });
  const e = fx.engine({ model: 'adaptive' });
  const first = await e.reindex();
  expect(first.model).toMatch(/^cairn\/adaptive-/);

  for (let i = 0; i < 5; i++) {
    const written = await e.writePage({ key: `probe-${i}`, body: newWords(i), actor: 'tester' });
    expect(written.notice).toBeUndefined();
  }
  expect(e.semantic.embedder!.info.id).toBe(first.model);
  expect(await e.semantic.vectors.countPending()).toBe(0);

  // no file changed since the writes, yet the drift they left is measured, and the model rebuilt
  const full = await e.reindex();
  expect(full.indexed).toBe(0);
  expect(full.model).toMatch(/^cairn\/adaptive-/);
  expect(full.model).not.toBe(first.model);
  expect(await e.semantic.vectors.countPending()).toBe(0);
  expect((await e.semantic.vectors.model())!.id).toBe(full.model);
}, 240_000);

// `cairn store copy`: a real index file, built and written to by `cairn`, copied into a fresh
// PostgreSQL database by the real command, its adaptive models along with it; then `cairn` on that
// database finds the pages and the audit log the file had. A second copy is refused with nothing
// copied; wrong arguments are usage errors that create nothing.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';
import { freshPgDatabase, pgAdminUrl } from '../engine/testing/pg-test.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { modelsFolder } from '../engine/config/settings.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe.skipIf(!pgAdminUrl())('cairn store copy', () => {
  it('moves an index and its history into PostgreSQL, where cairn then reads them; a second copy is refused', async () => {
    fx = makeFixture({ 'alpha.md': '# Alpha\n\nSourdough starter, see [[beta]].\n', 'beta.md': '# Beta\n\nFlour and water.\n' });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    expect((await runCairn(['review', 'beta', '--actor', 'alice', '--db', fx.db], env)).code).toBe(0);
    // an adaptive model built for the wiki goes along with it
    fs.mkdirSync(`${fx.db}.models/adaptive-1`, { recursive: true });
    fs.writeFileSync(`${fx.db}.models/adaptive-1/model.bin`, 'weights');
    const url = await freshPgDatabase();

    const copied = await runCairn(['store', 'copy', '--from', fx.db, '--to', url, '--json'], env);
    expect(copied.err).toBe('');
    expect(copied.code).toBe(0);
    const report = JSON.parse(copied.out) as { rows: Record<string, number>; models: string | null };
    expect(report.rows).toMatchObject({ pages: 2, audit: 1 });
    expect(report.models).toBe(modelsFolder(url));
    expect(fs.readFileSync(`${report.models}/adaptive-1/model.bin`, 'utf8')).toBe('weights');

    const found = await runCairn(['search', 'sourdough', '--mode', 'lexical', '--json', '--db', url], env);
    expect(JSON.parse(found.out).results.map((r: { key: string }) => r.key)).toEqual(['alpha']);
    const audit = await runCairn(['audit', '--json', '--db', url], env);
    expect(JSON.parse(audit.out)).toMatchObject([{ key: 'beta', actor: 'alice', action: 'review' }]);

    const again = await runCairn(['store', 'copy', '--from', fx.db, '--to', url], env);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already holds a Cairn index or history.*nothing was copied/);
    fs.rmSync(report.models!, { recursive: true, force: true });
  });

  it('refuses wrong arguments as usage errors, creating nothing', async () => {
    fx = makeFixture();
    const env = cairnEnv(fx.dir);
    const url = await freshPgDatabase();
    const missing = `${fx.dir}/none.db`;
    const cases: [string[], RegExp][] = [
      [['store'], /say what to do: cairn store copy/],
      [['store', 'move', '--from', missing, '--to', url], /unknown: cairn store move/],
      [['store', 'copy', '--to', url], /name both/],
      [['store', 'copy', '--from', url, '--to', url], /--from is the index file/],
      [['store', 'copy', '--from', missing, '--to', missing], /--to is the PostgreSQL database .* postgres:\/\/ or postgresql:\/\//],
      [['store', 'copy', '--from', missing, '--to', url], /there is no index at/],
    ];
    for (const [args, message] of cases) {
      const r = await runCairn(args, env);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(message);
    }
    expect(fs.existsSync(missing)).toBe(false);
  });
});

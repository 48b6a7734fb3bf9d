// Wikis no one here wrote (../shared/eval/wikis): the link report on real pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../config/settings.ts';
import { Engine } from '../engine.ts';

const FOAM = path.resolve(import.meta.dirname, '../../../../shared/eval/wikis/foam-docs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-real-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!fs.existsSync(FOAM))('foam-docs (skipped: ../shared/eval/wikis/foam-docs is absent)', () => {
  it('finds its broken links and anchors, and nothing else', async () => {
    const engine = Engine.open(resolveSettings({ roots: [FOAM], db: path.join(dir, 'foam.db'), env: { CAIRN_CONFIG: path.join(dir, 'none.json') } }));
    const report = await engine.reindex();
    expect(report).toMatchObject({ pages: 86, failed: 0 });
    const { findings } = await engine.links({ kind: 'broken' });
    expect(findings.map((f) => `${f.source}:${f.line} ${f.kind} ${f.target}${f.anchor ? `#${f.anchor}` : ''} ${f.reason}`)).toEqual([
      'dev/contribution-guide.md:3 markdown ../../CONTRIBUTING.md missing-page',
      'dev/design/static-site-publishing-research.md:11 markdown ../../user/publishing/publishing.md missing-page',
      'user/index.md:69 wikilink publishing missing-page',
      'user/recipes/generate-material-for-mkdocs-site.md:35 markdown #further-customise-material-for-mkdocs missing-anchor',
      'user/recipes/generate-material-for-mkdocs-site.md:39 markdown #publish-your-site missing-anchor',
      'user/tools/cli/search.md:11 wikilink cli-grep missing-page',
    ]);
    void engine.close();
  });
});

// The wiki the contract's suite runs on: small, but with something for every method to find:
// tiers, tags, dates and scopes to filter on; links of every kind, broken ones, an anchor that
// is not there, an orphan; an archived page and stale ones; an attachment; two pages of one name
// and an agent's own page; a second root with a page of the same name; a skill registry; old
// daily notes to consolidate.
const fm = (fields: Record<string, string>) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n---\n`;

/** A day so many days before today, as pages write dates. */
export const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The smallest PNG: a 1x1 transparent pixel. */
export const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A second root beside the fixture's own (a folder of its dir): a key in both roots links to its own root's page. */
export const SECOND_ROOT = 'second';

export const CONTRACT_WIKI: Record<string, string | Buffer> = {
  'global/search/bm25.md': `${fm({ summary: 'How the lexical lane scores', tags: '[search, ranking]', tier: 'wiki', updated: '2026-03-01', owner: 'ada' })}# Okapi BM25\n\nBM25 weighs term frequency against document length.\n\n## Saturation\n\nTerm frequency saturates: see [[fusion]], [[fusion#Convex]] and [[fusion#Concave]].\n`,
  'global/search/fusion.md': `${fm({ summary: 'Combining lanes', tags: '[search]', tier: 'doc', updated: '2025-01-10', aliases: '[rank fusion]' })}# Fusion\n\nReciprocal rank fusion adds weight over k plus rank.\n\n## Convex\n\nA weighted sum of normalized scores, back to [[bm25]] and [[tips]].\n`,
  'global/ops/rotation.md': `${fm({ summary: 'Replacing hub credentials', tags: '[ops, security]', tier: 'reflection', updated: daysAgo(3) })}# Credential rotation\n\nRevoke the old secret, issue a new one. The [[hub]] holds them; see [[fuzion]] and [[vault keys]].\n`,
  'global/ops/hub.md': `${fm({ updated: '2020-01-01', sources: '[global/ops/hub-config.txt, global/ops/gone.txt]', tags: '[ops]' })}# Hub\n\nThe hub serves credentials.\n\n![[pixel.png]] [[retired]] [md](../search/bm25.md#okapi-bm25)\n`,
  'global/ops/hub-config.txt': 'port = 8080\n',
  'global/retired.md': `${fm({ archived_since: '2026-01-01' })}# Retired\n\nThe old way of scoring, before [[bm25]].\n`,
  'global/pixel.png': PIXEL,
  'global/orphan.md': '# Lonely\n\nNothing links to this page about lighthouses.\n',
  'global/tips.md': `${fm({ summary: 'Search tips' })}# Tips\n\nQuote nothing; every word counts in BM25.\n`,
  'global/guides/tips.md': `${fm({ summary: 'Guide tips', tags: '[search, guide]' })}# Guide tips\n\nRead the [[fusion]] page first.\n`,
  'user/scout/tips.md': `${fm({ summary: 'Scout search tips' })}# Scout tips\n\nMy own tips about search and BM25.\n`,
  'user/scout/notes.md': '# Scout notes\n\nMy own [[tips]] first.\n',
  [`../${SECOND_ROOT}/tips.md`]: '# Second tips\n\nTips of the second root.\n',
  [`../${SECOND_ROOT}/from-second.md`]: '# From the second root\n\n[[tips]] of this root, [[bm25]] of the first.\n',
  'user/ada/skills.yaml': 'name: Ada\nskills:\n  - skill: BM25 Ranking\n    category: backend\n    level: expert\n    docPath: bm25\n    aliases: [okapi]\n',
  'daily/2020-01-02.md': `${fm({ tags: '[daily, kafka]' })}# Thursday\n\nKafka consumer lag grew to forty thousand messages overnight in staging.\n`,
  'daily/2020-01-03.md': '# Friday\n\nRebalancing the Kafka partitions fixed the consumer lag by noon.\n',
  'kafka.md': `${fm({ title: 'Kafka' })}# Kafka\n\nThe event bus.\n`,
};

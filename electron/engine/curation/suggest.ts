// Pages a broken link probably meant: fuzzy matches of the missing target against every page's key,
// title and aliases (Fuse.js, the fuzzy matcher the ecosystem uses) as candidates, ranked by
// suggest-rank.ts (name first, then folder and context), best first. A renamed page
// (`fts5-query-errors` → `fts5-query-syntax-errors`) or a typo (`fusoin`) finds its page.
import Fuse from 'fuse.js';
import type { TargetContext, TargetSuggestion } from '../../../shared/fixes.ts';
import type { LinkTarget } from '../store/pages.ts';
import type { Store } from '../store/store.ts';
import { fitScore, MIN_NAME_SIMILARITY, nameSimilarity } from './suggest-rank.ts';

type Candidate = LinkTarget;

const MATCHED = { key: 'key', title: 'title', aliases: 'alias' } as const;

/** One index over the pages this agent sees (archived pages are not suggested). */
export async function targetSuggester(store: Store, agent: string | null): Promise<(target: string, limit: number, context?: TargetContext) => TargetSuggestion[]> {
  // a link names pages in its agent's spaces (null: the shared space), shadowed ones too, never archived ones
  const candidates: Candidate[] = await store.pages.linkTargets(agent);
  const fuse = new Fuse(candidates, {
    keys: [
      { name: 'key', weight: 2 },
      { name: 'title', weight: 1 },
      { name: 'aliases', weight: 1 },
    ],
    includeScore: true,
    includeMatches: true,
    ignoreLocation: true,
    threshold: 0.6,
  });
  return (target, limit, context) => {
    const name = searchable(target);
    const found = new Map<Candidate, TargetSuggestion['matched']>();
    const add = (query: string) => {
      for (const hit of fuse.search(query, { limit: CANDIDATES })) {
        if (!found.has(hit.item)) found.set(hit.item, MATCHED[(hit.matches?.[0]?.key ?? 'key') as keyof typeof MATCHED] ?? 'key');
      }
    };
    add(name);
    // a page renamed to a shorter name (`install-on-windows` → `install`) is found by one of the words
    for (const word of new Set(name.split(/[-_\s.]+/).filter((w) => w.length >= 4))) add(word);
    const linking = new Set(context?.from ?? []);
    return [...found]
      .filter(([page]) => !linking.has(page.path) && nameSimilarity(name, page) >= MIN_NAME_SIMILARITY)
      .map(([page, matched]) => ({ key: page.key, title: page.title, path: page.path, agent: page.agent, matched, score: fitScore(name, page, context) }))
      .sort((a, b) => a.score - b.score || a.key.localeCompare(b.key) || a.path.localeCompare(b.path))
      .slice(0, limit);
  };
}

/** Fuse's best this many, for each query, are ranked again. */
const CANDIDATES = 30;

/** The name a target ends in: `../guides/install-on-windows.md#top` → `install-on-windows`. */
function searchable(target: string): string {
  const name = target.replace(/#.*$/, '').split('/').pop() ?? target;
  return name.replace(/\.md$/i, '').slice(0, 200);
}

// Pages a broken link probably meant: fuzzy matches of the missing target against every page's key,
// title and aliases (Fuse.js, the fuzzy matcher the ecosystem uses), best first. A renamed page
// (`fts5-query-errors` → `fts5-query-syntax-errors`) or a typo (`fusoin`) finds its page.
import Fuse from 'fuse.js';
import type { TargetSuggestion } from '../../../shared/fixes.ts';
import type { LinkTarget } from '../store/pages.ts';
import type { Store } from '../store/store.ts';

type Candidate = LinkTarget;

const MATCHED = { key: 'key', title: 'title', aliases: 'alias' } as const;

/** One index over the pages this agent sees (archived pages are not suggested). */
export async function targetSuggester(store: Store, agent: string | null): Promise<(target: string, limit: number) => TargetSuggestion[]> {
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
  return (target, limit) => {
    const name = searchable(target);
    const best = new Map<Candidate, TargetSuggestion>();
    const add = (query: string, penalty: number) => {
      for (const hit of fuse.search(query, { limit })) {
        const score = Math.round(Math.min(1, (hit.score ?? 1) + penalty) * 1000) / 1000;
        if ((best.get(hit.item)?.score ?? 2) <= score) continue;
        const matched = MATCHED[(hit.matches?.[0]?.key ?? 'key') as keyof typeof MATCHED] ?? 'key';
        best.set(hit.item, { key: hit.item.key, title: hit.item.title, path: hit.item.path, agent: hit.item.agent, matched, score });
      }
    };
    add(name, 0);
    // a page renamed to a shorter name (`install-on-windows` → `install`) is found by one of the words
    for (const word of new Set(name.split(/[-_\s.]+/).filter((w) => w.length >= 4))) add(word, WORD_PENALTY);
    return [...best.values()].sort((a, b) => a.score - b.score || a.key.localeCompare(b.key)).slice(0, limit);
  };
}

/** Matching one word of the target counts for less than matching all of it. */
const WORD_PENALTY = 0.25;

/** The name a target ends in: `../guides/install-on-windows.md#top` → `install-on-windows`. */
function searchable(target: string): string {
  const name = target.replace(/#.*$/, '').split('/').pop() ?? target;
  return name.replace(/\.md$/i, '').slice(0, 200);
}

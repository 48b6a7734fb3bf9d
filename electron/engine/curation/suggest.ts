// Pages a broken link probably meant: every page's key, title and aliases compared with the
// missing target and ranked by suggest-rank.ts (name first, then folder and context), best first.
// A renamed page (`fts5-query-errors` → `fts5-query-syntax-errors`, `install-on-windows` →
// `install`) or a typo (`fusoin`) finds its page; the linking page itself is never suggested.
import type { TargetContext, TargetSuggestion } from '../../../shared/fixes.ts';
import type { Store } from '../store/store.ts';
import { contextWords, fitScore, nameMatch, nameOf, namedPage } from './suggest-rank.ts';

/** The pages this agent sees (archived pages are not suggested), their names read once. */
export async function targetSuggester(
  store: Store,
  agent: string | null,
): Promise<(target: string, limit: number, context?: TargetContext) => TargetSuggestion[]> {
  // a link names pages in its agent's spaces (null: the shared space), shadowed ones too, never archived ones
  const pages = (await store.pages.linkTargets(agent)).map(namedPage);
  return (target, limit, context) => {
    const name = nameOf(searchable(target));
    const linking = new Set(context?.from ?? []);
    const said = contextWords(context);
    const found: TargetSuggestion[] = [];
    for (const p of pages) {
      const match = linking.has(p.page.path) ? null : nameMatch(name, p);
      if (match)
        found.push({
          key: p.page.key,
          title: p.page.title,
          path: p.page.path,
          agent: p.page.agent,
          matched: match.matched,
          score: fitScore(match.similarity, p, context, said),
        });
    }
    return found.sort((a, b) => a.score - b.score || a.key.localeCompare(b.key) || a.path.localeCompare(b.path)).slice(0, limit);
  };
}

/** The name a target ends in: `../guides/install-on-windows.md#top` → `install-on-windows`. */
function searchable(target: string): string {
  const name = target.replace(/#.*$/, '').split('/').pop() ?? target;
  return name.replace(/\.md$/i, '').slice(0, 200);
}

// What a link's preview card says about the page it leads to: its title, summary and first lines,
// read once per page through getPage and kept until the wiki changes (a person hovers the same
// links again and again); a page that is not there is said to be missing.
import type { Page } from '../../shared/page.ts';
import { CairnError } from '../../shared/errors.ts';
import { cairn } from '../api/client.ts';
import { pageName, pageRef, parseHash, type PageTarget } from '../app/route.ts';

export type Preview = { kind: 'page'; title: string; summary: string | null; lines: string } | { kind: 'missing'; name: string };

/** Characters of the page's first lines shown. */
const FIRST_CHARS = 280;

const kept = new Map<string, Promise<Preview>>();
/** The wiki's change count (the status context's generation) the kept previews were read at. */
let keptAt = 0;

/** The page an in-app link leads to (and as whom it is read), or null for any other link. */
export function linkedTarget(href: string): { target: PageTarget; agent: string | null } | null {
  if (!href.startsWith('#/page/')) return null;
  const route = parseHash(href);
  return route.screen === 'page' ? { target: route.page, agent: route.params.get('agent') } : null;
}

/** The body's first lines as text: headings, blank lines and markup marks left out. */
export function firstLines(body: string): string {
  const text = body
    .split('\n')
    .filter((l) => l.trim() && !/^\s*(#|```|~~~|---|<!--|%%|\||!\[)/.test(l))
    .map((l) =>
      l
        .replace(/^\s*(?:>\s*|[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+)*/, '')
        .replace(/\[\[(?:[^\]|]*\|)?([^\]]*)\]\]/g, '$1')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[*_`]/g, ''),
    )
    .join(' ');
  return text.length > FIRST_CHARS ? `${text.slice(0, FIRST_CHARS).trimEnd()}…` : text;
}

function previewOf(page: Page): Preview {
  return { kind: 'page', title: page.title, summary: page.summary, lines: firstLines(page.body) };
}

/** `generation`: the wiki's change count now; a change since the previews were kept drops them all. */
export function preview(target: PageTarget, agent: string | null, generation: number): Promise<Preview> {
  if (generation !== keptAt) {
    kept.clear();
    keptAt = generation;
  }
  const id = JSON.stringify([target, agent]);
  let p = kept.get(id);
  if (!p) {
    p = cairn.getPage(pageRef(target, agent)).then(previewOf, (err: unknown) => {
      kept.delete(id); // neither a failure nor a missing page is kept: the next hover asks again
      if (err instanceof CairnError && err.code === 'not-found') return { kind: 'missing', name: pageName(target) };
      throw err;
    });
    kept.set(id, p);
  }
  return p;
}

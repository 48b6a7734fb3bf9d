// Note, heading and block embeds (`![[note]]`, `![[note#Heading]]`, `![[note#^block]]`) drawn with
// the embedded content, fetched through getPage like any page and rendered as one. Along a chain of
// embeds a page is shown once (a page that embeds itself, or two that embed each other, stop with a
// note), at most MAX_EMBED_DEPTH deep and MAX_EMBEDS in all; past that an embed stays what its title
// always is: a link to its source.
import type { Page } from '../../shared/page.ts';
import { cairn } from '../api/client.ts';
import type { PageAddress } from '../app/route.ts';
import { loadAttachments } from './attachments.ts';
import { highlightCode } from './code-blocks.ts';
import { drawDiagrams } from './diagrams.ts';
import { headingId, renderPage } from './render-markdown.ts';

export const MAX_EMBED_DEPTH = 4;
/** Embeds drawn for one page, all depths together: a few pages embedding each other many times
 * would otherwise draw their fan-out to the power of the depth (20 a page, 4 deep: 168,000). */
export const MAX_EMBEDS = 50;

/** A page (by its address, root and path) or a part of it, already on screen. */
interface Shown {
  page: string;
  anchor: string | null;
}

const addressOf = (p: PageAddress) => `${p.root}\n${p.path}`;

interface Chain {
  agent: string | null;
  /** The page, then each embed that led here: what is already on screen above. */
  trail: Shown[];
  /** One request per page however often it is embedded, by address. */
  pages: Map<string, Promise<Page>>;
  /** Embeds the page may still draw (shared by the whole chain). */
  budget: { left: number };
}

/**
 * The parts of a rendered page that load once it is in place: images, highlighted code, diagrams
 * and embeds. Settles when the code, diagrams and embeds (theirs too) are drawn: the page's height
 * is then final, save images.
 */
export function loadPageParts(box: HTMLElement, page: Page): Promise<unknown> {
  return fillIn(box, { agent: page.scope.agent, trail: [{ page: addressOf(page), anchor: null }], pages: new Map(), budget: { left: MAX_EMBEDS } });
}

function fillIn(box: HTMLElement, chain: Chain): Promise<unknown> {
  loadAttachments(box);
  const embeds = [...box.querySelectorAll<HTMLElement>('.embed[data-embed-path]')].map((embed) => loadEmbed(embed, chain));
  return Promise.allSettled([highlightCode(box), drawDiagrams(box), ...embeds]);
}

function whyNot(chain: Chain, page: string, anchor: string | null): string | null {
  if (chain.trail.some((s) => s.page === page && (s.anchor === null || s.anchor === anchor))) return 'already shown above: not embedded again';
  if (chain.trail.length > MAX_EMBED_DEPTH) return `embedded more than ${MAX_EMBED_DEPTH} deep: open it from the link`;
  if (chain.budget.left <= 0) return `more than ${MAX_EMBEDS} embeds on this page: open it from the link`;
  return null;
}

function note(embed: HTMLElement, text: string): void {
  const span = embed.ownerDocument.createElement('span');
  span.className = 'embed-note';
  span.textContent = text;
  embed.append(span);
  embed.classList.add('embed-stopped');
}

function fetchPage(chain: Chain, address: PageAddress): Promise<Page> {
  let page = chain.pages.get(addressOf(address));
  if (!page) chain.pages.set(addressOf(address), (page = cairn.getPage({ ...address, agent: chain.agent })));
  return page;
}

async function loadEmbed(embed: HTMLElement, chain: Chain): Promise<void> {
  const address = { root: embed.dataset.embedRoot!, path: embed.dataset.embedPath! };
  const anchor = embed.dataset.embedAnchor ?? null;
  const stop = whyNot(chain, addressOf(address), anchor);
  if (stop) return note(embed, stop);
  chain.budget.left--;
  let page: Page;
  try {
    page = await fetchPage(chain, address);
  } catch (err) {
    return note(embed, `could not be loaded: ${(err as Error).message}`);
  }
  const content = excerpt(renderPage(page), anchor);
  if (!content) return note(embed, `“${anchor ?? ''}” is no longer in ${page.path}`);
  const body = embed.ownerDocument.createElement('div');
  body.className = 'embed-body';
  body.append(content);
  // The page around it owns the ids that the route scrolls to.
  for (const el of body.querySelectorAll('[id]')) el.removeAttribute('id');
  embed.append(body);
  await fillIn(body, { ...chain, trail: [...chain.trail, { page: addressOf(page), anchor }] });
}

/** The block an id marks; a list item stays an item of a list of its kind (numbered from its place). */
function block(page: DocumentFragment, id: string): Element | null {
  const el = page.querySelector(`[data-block-id="${CSS.escape(id)}"]`);
  const list = el?.tagName === 'LI' ? el.parentElement : null;
  if (!el || !list) return el;
  const wrapper = page.ownerDocument.createElement(list.tagName === 'OL' ? 'ol' : 'ul');
  if (list.tagName === 'OL') wrapper.setAttribute('start', String(Number(list.getAttribute('start') ?? 1) + [...list.children].indexOf(el)));
  wrapper.append(el);
  return wrapper;
}

const headingLevel = (el: Element): number => (/^H[1-6]$/.test(el.tagName) ? Number(el.tagName[1]) : 0);

/** The part of a rendered page an anchor names: the whole page, a heading's section, or one block. */
function excerpt(page: DocumentFragment, anchor: string | null): Node | null {
  if (!anchor) return page;
  if (anchor.startsWith('^')) return block(page, anchor.slice(1));
  // `note#A#B` names B under A, as in Obsidian; B is the heading shown.
  const heading = page.getElementById(headingId(anchor.split('#').pop()!));
  if (!heading) return null;
  const level = headingLevel(heading);
  const section = page.ownerDocument.createDocumentFragment();
  for (let el: Element | null = heading; el && (el === heading || !headingLevel(el) || headingLevel(el) > level);) {
    const next: Element | null = el.nextElementSibling;
    section.append(el);
    el = next;
  }
  return section;
}

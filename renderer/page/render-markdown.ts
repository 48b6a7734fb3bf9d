// A page's markdown as safe DOM: markdown-syntax.ts renders it, DOMPurify sanitizes it, then every
// link is pointed inside the app using the links the engine resolved (so a broken one is marked
// with its reason), headings and footnotes are given ids to scroll to, and Obsidian's blocks
// (callouts, block ids, embeds) are drawn. What loads later (images, code, diagrams, embedded
// pages) is filled in by embeds.ts once the fragment is in place.
import DOMPurify from 'dompurify';
import { normalizeAnchor } from '../../shared/markdown/anchors.ts';
import type { Link, Page } from '../../shared/page.ts';
import { linkedPage, pageHref, type PageAddress } from '../app/route.ts';
import { hideBlockIds } from './block-ids.ts';
import { renderCallouts } from './callouts.ts';
import { imageSize, sizeImage, type ImageSize } from './image-size.ts';
import { createMarkdown } from './markdown-syntax.ts';

const md = createMarkdown();

export const headingId = (text: string) => `h-${normalizeAnchor(text)}`;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function brokenTitle(link: Link): string {
  const where = `line ${link.line}`;
  if (link.reason === 'missing-page') return `Broken link (${where}): there is no page “${link.target}”`;
  return `Broken anchor (${where}): “${link.resolvedKey ?? link.target}” has no heading “${link.anchor ?? ''}”`;
}

function markBroken(el: Element, link: Link | undefined): void {
  if (!link?.reason) return;
  el.classList.add('broken', `broken-${link.reason}`);
  el.setAttribute('data-broken', link.reason);
  el.setAttribute('title', brokenTitle(link));
}

function safeDecode(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}

function splitHref(href: string): { target: string; anchor: string | null } {
  const decoded = safeDecode(href);
  const hash = decoded.indexOf('#');
  return hash < 0 ? { target: decoded, anchor: null } : { target: decoded.slice(0, hash), anchor: decoded.slice(hash + 1) || null };
}

function findLink(page: Page, kinds: Link['kind'][], target: string, anchor: string | null): Link | undefined {
  const candidates = page.links.filter((l) => kinds.includes(l.kind) && same(l.target, target));
  return candidates.find((l) => (l.anchor ?? null) === anchor) ?? candidates.find((l) => (l.anchor ?? '').toLowerCase() === (anchor ?? '').toLowerCase());
}

function pageLinkHref(page: Page, link: Link | undefined, fallbackKey: string, anchor: string | null): string {
  const agent = page.scope.agent;
  return pageHref((link && linkedPage(link)) ?? fallbackKey, { heading: anchor, agent });
}

function rewriteWikilink(a: HTMLAnchorElement, page: Page): void {
  const { target, anchor } = splitHref(a.getAttribute('href') ?? '');
  const name = a.getAttribute('data-target') ?? target;
  if (!name) {
    a.href = pageHref(page, { heading: anchor, agent: page.scope.agent });
    if (anchor && !page.headings.some((h) => normalizeAnchor(h.text) === normalizeAnchor(anchor))) {
      markBroken(a, { ...fakeLink(page, '', anchor), reason: 'missing-anchor', resolvedKey: page.key });
    }
    return;
  }
  const link = findLink(page, ['wikilink'], name, anchor);
  a.setAttribute('href', pageLinkHref(page, link, name, anchor));
  markBroken(a, link);
}

function fakeLink(page: Page, target: string, anchor: string | null): Link {
  return {
    source: page.path,
    sourceRoot: page.root,
    sourceKey: page.key,
    line: 0,
    target,
    anchor,
    label: null,
    kind: 'wikilink',
    resolvedKey: null,
    resolvedPath: null,
    resolvedRoot: null,
    reason: null,
  };
}

function rewriteMarkdownLink(a: HTMLAnchorElement, page: Page): void {
  const href = a.getAttribute('href') ?? '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
    a.classList.add('external');
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
    return;
  }
  const { target, anchor } = splitHref(href);
  if (target === '') {
    a.setAttribute('href', pageHref(page, { heading: anchor, agent: page.scope.agent }));
    return;
  }
  const link = findLink(page, ['markdown'], target, anchor);
  if (link && !link.resolvedKey && link.resolvedPath && !link.reason) {
    // An attachment: the browser cannot open files from the wiki's folder, so show its path.
    a.removeAttribute('href');
    a.classList.add('attachment');
    a.setAttribute('title', link.resolvedPath);
    return;
  }
  const fallback = target.split('/').pop()!.replace(/\.md$/i, '');
  a.setAttribute('href', pageLinkHref(page, link, fallback, anchor));
  markBroken(a, link);
}

/** Where an embedded page, section or block will be drawn: its title links to the source. */
function embedBox(span: Element, page: Page, link: Link, embedded: PageAddress): HTMLElement {
  const doc = span.ownerDocument;
  const box = doc.createElement('div');
  box.className = 'embed';
  box.dataset.embedRoot = embedded.root;
  box.dataset.embedPath = embedded.path;
  if (link.anchor) box.dataset.embedAnchor = link.anchor;
  const source = doc.createElement('a');
  source.className = 'embed-source';
  source.href = pageHref(embedded, { heading: link.anchor, agent: page.scope.agent });
  source.textContent = `↪ ${span.textContent ?? link.target}`;
  box.append(source);
  return box;
}

function rewriteEmbed(span: Element, page: Page): void {
  const target = span.getAttribute('data-target') ?? '';
  const anchor = span.getAttribute('data-anchor');
  const link = findLink(page, ['embed'], target, anchor);
  const embedded = link && !link.reason ? linkedPage(link) : null;
  if (link && embedded) {
    const box = embedBox(span, page, link, embedded);
    const para = span.parentElement;
    // An embed alone on its line is a block of its own, not a part of a paragraph.
    if (para?.tagName === 'P' && para.childNodes.length === 1) para.replaceWith(box);
    else span.replaceWith(box);
    return;
  }
  if (link && isImageAttachment(link)) {
    span.replaceWith(attachmentImage(span.ownerDocument, page, link, imageSize(span.getAttribute('data-label'), target, 'wikilink')));
    return;
  }
  span.textContent = `🖼 ${span.textContent ?? target}`;
  span.setAttribute('title', link?.resolvedPath ?? target);
  markBroken(span, link);
}

const isImageAttachment = (link: Link) => !link.resolvedKey && !link.reason && link.resolvedPath !== null && IMAGE.test(link.resolvedPath);
const IMAGE = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;

/** An <img> with no source yet: loadAttachments() fetches the file through the API and fills it in. */
function attachmentImage(doc: Document, page: Page, link: Link, size: ImageSize): HTMLImageElement {
  const img = doc.createElement('img');
  img.className = 'attachment-image';
  sizeImage(img, size);
  img.title = link.resolvedPath!;
  img.dataset.attachmentRoot = link.resolvedRoot ?? page.root;
  img.dataset.attachmentPath = link.resolvedPath!;
  return img;
}

function replaceImage(img: HTMLImageElement, page: Page): void {
  const src = img.getAttribute('src') ?? '';
  if (src.startsWith('data:') || img.dataset.attachmentPath) return;
  const { target, anchor } = splitHref(src);
  const link = findLink(page, ['markdown'], target, anchor);
  if (link && isImageAttachment(link)) {
    img.replaceWith(attachmentImage(img.ownerDocument, page, link, imageSize(img.getAttribute('alt') ?? '', '', 'markdown')));
    return;
  }
  const span = img.ownerDocument.createElement('span');
  span.className = 'image-placeholder';
  span.textContent = `🖼 ${img.getAttribute('alt') || src}`;
  span.title = src;
  img.replaceWith(span);
}

/** A page's HTML beyond DOMPurify's defaults: a <style> would restyle every screen of the app, and a
 * form could send what a person types into it (a token, say) to another site. */
const PAGE_MAY_NOT = ['style', 'form'];

/** The page body as a sanitized fragment, ready to insert. */
export function renderPage(page: Page): DocumentFragment {
  const html = md.render(page.body);
  const frag = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: PAGE_MAY_NOT });
  const first = frag.querySelector('h1');
  if (first && first === frag.firstElementChild && same(first.textContent?.trim() ?? '', page.title)) first.remove();
  for (const h of frag.querySelectorAll('h1, h2, h3, h4, h5, h6')) h.id = headingId(h.textContent ?? '');
  // A footnote's `#fn1` becomes the route's heading `fn1`, which is scrolled to as a heading is.
  for (const el of frag.querySelectorAll('.footnote-ref a[id], .footnotes li[id]')) el.id = headingId(el.id);
  for (const a of frag.querySelectorAll<HTMLAnchorElement>('a[href]:not(.tag)')) {
    if (a.classList.contains('wikilink')) rewriteWikilink(a, page);
    else rewriteMarkdownLink(a, page);
  }
  for (const span of frag.querySelectorAll('span.wikilink-embed')) rewriteEmbed(span, page);
  for (const img of frag.querySelectorAll('img')) replaceImage(img, page);
  hideBlockIds(frag);
  renderCallouts(frag);
  return frag;
}

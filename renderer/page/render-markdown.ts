// A page's markdown as safe DOM: markdown-it with the shared wikilinks plugin, sanitized with
// DOMPurify, then every link pointed inside the app using the links the engine resolved (so a
// broken one is marked with its reason), headings given ids to scroll to, and provenance
// comments (`<!-- from: … -->`) turned into visible notes.
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { normalizeAnchor } from '../../shared/markdown/anchors.ts';
import { wikilinks } from '../../shared/markdown/wikilinks.ts';
import type { Link, Page } from '../../shared/page.ts';
import { linkedPage, pageHref } from '../app/route.ts';
import { hideBlockIds, renderCallouts } from './obsidian-blocks.ts';

const PROVENANCE = /<!--\s*from:\s*([\s\S]*?)\s*-->/g;
const HAS_PROVENANCE = /<!--\s*from:/;

function createMarkdown() {
  const md = new MarkdownIt({ html: true, linkify: true });
  md.use(wikilinks);
  const escape = md.utils.escapeHtml;
  const provenance = (html: string) =>
    html.replace(PROVENANCE, (_, from: string) => `<span class="provenance" data-from="${escape(from)}"><span class="provenance-label">from</span> ${escape(from)}</span>`);
  const block = md.renderer.rules.html_block!;
  const inline = md.renderer.rules.html_inline!;
  md.renderer.rules.html_block = (tokens, idx, opts, env, self) => {
    const html = block(tokens, idx, opts, env, self);
    return HAS_PROVENANCE.test(html) ? `<p class="provenance-block">${provenance(html.trim())}</p>\n` : html;
  };
  md.renderer.rules.html_inline = (tokens, idx, opts, env, self) => provenance(inline(tokens, idx, opts, env, self));
  return md;
}

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
  return { source: page.path, sourceRoot: page.root, sourceKey: page.key, line: 0, target, anchor, label: null, kind: 'wikilink', resolvedKey: null, resolvedPath: null, resolvedRoot: null, reason: null };
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

function rewriteEmbed(span: Element, page: Page): void {
  const target = span.getAttribute('data-target') ?? '';
  const link = page.links.find((l) => l.kind === 'embed' && same(l.target, target));
  const embedded = link && linkedPage(link);
  if (embedded) {
    const a = span.ownerDocument.createElement('a');
    a.className = 'wikilink-embed embed-page';
    a.href = pageHref(embedded, { heading: link.anchor, agent: page.scope.agent });
    a.textContent = `↪ ${span.textContent ?? target}`;
    span.replaceWith(a);
    return;
  }
  if (link && isImageAttachment(link)) {
    span.replaceWith(attachmentImage(span.ownerDocument, page, link, link.label ?? target));
    return;
  }
  span.textContent = `🖼 ${span.textContent ?? target}`;
  span.setAttribute('title', link?.resolvedPath ?? target);
  markBroken(span, link);
}

const isImageAttachment = (link: Link) => !link.resolvedKey && !link.reason && link.resolvedPath !== null && IMAGE.test(link.resolvedPath);
const IMAGE = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;

/** An <img> with no source yet: loadAttachments() fetches the file through the API and fills it in. */
function attachmentImage(doc: Document, page: Page, link: Link, alt: string): HTMLImageElement {
  const img = doc.createElement('img');
  img.className = 'attachment-image';
  img.alt = alt;
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
    img.replaceWith(attachmentImage(img.ownerDocument, page, link, img.getAttribute('alt') ?? ''));
    return;
  }
  const span = img.ownerDocument.createElement('span');
  span.className = 'image-placeholder';
  span.textContent = `🖼 ${img.getAttribute('alt') || src}`;
  span.title = src;
  img.replaceWith(span);
}

/** The page body as a sanitized fragment, ready to insert. */
export function renderPage(page: Page): DocumentFragment {
  const html = md.render(page.body);
  const frag = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  const first = frag.querySelector('h1');
  if (first && first === frag.firstElementChild && same(first.textContent?.trim() ?? '', page.title)) first.remove();
  for (const h of frag.querySelectorAll('h1, h2, h3, h4, h5, h6')) h.id = headingId(h.textContent ?? '');
  for (const a of frag.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (a.classList.contains('wikilink')) rewriteWikilink(a, page);
    else rewriteMarkdownLink(a, page);
  }
  for (const span of frag.querySelectorAll('span.wikilink-embed')) rewriteEmbed(span, page);
  for (const img of frag.querySelectorAll('img')) replaceImage(img, page);
  hideBlockIds(frag);
  renderCallouts(frag);
  return frag;
}

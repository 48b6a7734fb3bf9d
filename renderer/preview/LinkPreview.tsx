// Hover preview of in-app links: resting on a link to a page for PREVIEW_DELAY_MS (or focusing it
// from the keyboard) shows a card with the page's title, summary and first lines; a broken link's
// card says there is no such page. Listened for once on the document (event delegation), so the
// rendered markdown, backlinks, mentions and results need nothing of their own; leaving the link,
// Escape, or another screen dismisses it.
import { useEffect, useRef, useState } from 'react';
import { useStatus } from '../app/status-context.tsx';
import { linkedTarget, preview, type Preview } from './page-preview.ts';

const PREVIEW_DELAY_MS = 300;
const CARD_ID = 'link-preview';
/** Links that open a page but are no place to preview it: the page's own tabs. */
const SKIPPED = '[role="tab"], .link-preview';

interface Shown {
  link: HTMLAnchorElement;
  preview: Preview;
}

function pageLink(el: EventTarget | null): HTMLAnchorElement | null {
  const a = el instanceof Element ? el.closest('a[href^="#/page/"]') : null;
  return a instanceof HTMLAnchorElement && !a.closest(SKIPPED) ? a : null;
}

function place(link: HTMLElement): { left: number; top: number } {
  const r = link.getBoundingClientRect();
  const width = Math.min(360, window.innerWidth - 16);
  return { left: Math.max(8, Math.min(r.left, window.innerWidth - width - 8)), top: r.bottom + 6 };
}

export function LinkPreview() {
  const [shown, setShown] = useState<Shown | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<HTMLAnchorElement | null>(null);
  // read when a card opens: the listeners are set up once
  const generation = useRef(0);
  generation.current = useStatus().generation;

  useEffect(() => {
    const hide = () => {
      window.clearTimeout(timer.current);
      pending.current = null;
      setShown(null);
    };
    const start = (e: Event) => {
      const link = pageLink(e.target);
      if (!link || link === pending.current) return;
      const to = linkedTarget(link.getAttribute('href')!);
      if (!to) return;
      window.clearTimeout(timer.current);
      pending.current = link;
      timer.current = window.setTimeout(() => {
        preview(to.target, to.agent, generation.current).then(
          (p) => pending.current === link && setShown({ link, preview: p }),
          () => undefined, // no card when the page cannot be read; the link still works
        );
      }, PREVIEW_DELAY_MS);
    };
    const leave = (e: Event) => {
      const link = pageLink(e.target);
      const to = (e as MouseEvent | FocusEvent).relatedTarget;
      if (link && link === pending.current && !(to instanceof Node && (link.contains(to) || document.getElementById(CARD_ID)?.contains(to)))) hide();
    };
    const key = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    document.addEventListener('mouseover', start);
    document.addEventListener('focusin', start);
    document.addEventListener('mouseout', leave);
    document.addEventListener('focusout', leave);
    document.addEventListener('keydown', key);
    window.addEventListener('hashchange', hide);
    return () => {
      window.clearTimeout(timer.current);
      document.removeEventListener('mouseover', start);
      document.removeEventListener('focusin', start);
      document.removeEventListener('mouseout', leave);
      document.removeEventListener('focusout', leave);
      document.removeEventListener('keydown', key);
      window.removeEventListener('hashchange', hide);
    };
  }, []);

  // the link names its card while it shows, as a tooltip's owner does
  useEffect(() => {
    if (!shown) return;
    shown.link.setAttribute('aria-describedby', CARD_ID);
    return () => shown.link.removeAttribute('aria-describedby');
  }, [shown]);

  if (!shown || !shown.link.isConnected) return null;
  const p = shown.preview;
  return (
    <div id={CARD_ID} role="tooltip" className="link-preview" style={place(shown.link)} onMouseLeave={() => setShown(null)}>
      {p.kind === 'missing' ? (
        <p className="muted">No page named “{p.name}”</p>
      ) : (
        <>
          <strong className="link-preview-title">{p.title}</strong>
          {p.summary && <p className="summary">{p.summary}</p>}
          {p.lines && <p className="link-preview-lines">{p.lines}</p>}
        </>
      )}
    </div>
  );
}

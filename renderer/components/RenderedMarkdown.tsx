// The rendered page body. The sanitized fragment is inserted as DOM (no HTML string round trip);
// after it is in place, what loads later (images, code, diagrams, embeds) is filled in and the
// heading named in the route is scrolled into view (again once they are in). Given `onChanged`,
// the body's tasks tick in place (tick-task.ts).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Page } from '../../shared/page.ts';
import { loadPageParts } from '../page/embeds.ts';
import { headingId, renderPage } from '../page/render-markdown.ts';
import { enableTasks } from '../page/tick-task.ts';

export function RenderedMarkdown({ page, heading, onChanged }: { page: Page; heading: string | null; onChanged?: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const parts = useRef<Promise<unknown>>(Promise.resolve());
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    if (!box.current || !onChanged) return;
    return enableTasks(box.current, page, (outcome) => {
      setRefused(outcome.ok ? null : outcome.message);
      onChanged();
    });
  }, [page, onChanged]);
  useLayoutEffect(() => {
    if (!box.current) return;
    box.current.replaceChildren(renderPage(page));
    parts.current = loadPageParts(box.current, page);
  }, [page]);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const target = heading ? el.querySelector(`#${CSS.escape(headingId(heading.split('#').pop() ?? heading))}`) : null;
    if (!target) {
      el.closest('.main')?.scrollTo({ top: 0 });
      return;
    }
    target.scrollIntoView({ block: 'start' });
    target.classList.add('flash');
    // Embeds and diagrams drawn above it move it down: scroll to it again once they are in.
    let current = true;
    void parts.current.then(() => current && target.scrollIntoView({ block: 'start' }));
    return () => {
      current = false;
    };
  }, [page, heading]);
  return (
    <>
      {refused && (
        <p className="task-refused" role="alert">
          {refused}
        </p>
      )}
      <div className="markdown" ref={box} />
    </>
  );
}

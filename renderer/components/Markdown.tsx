// A page's body as the reader sees it. The renderer (markdown-it, its plugins and KaTeX) is a chunk
// of its own, loaded when the first page is shown, so the app's first screen does not wait for it.
import { lazy, Suspense } from 'react';
import type { Page } from '../../shared/page.ts';

const RenderedMarkdown = lazy(() => import('./RenderedMarkdown.tsx').then((m) => ({ default: m.RenderedMarkdown })));

/** `onChanged`: where given, tasks tick in place, and it is called after each write (or refusal) to read the page again. */
export function Markdown(props: { page: Page; heading: string | null; onChanged?: () => void }) {
  return (
    <Suspense fallback={<div className="markdown" aria-busy="true" />}>
      <RenderedMarkdown {...props} />
    </Suspense>
  );
}

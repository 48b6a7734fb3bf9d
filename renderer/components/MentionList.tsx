// The pages that name this page without linking to it (the engine's `mentions`), each with the
// sentence around its first mention and the words marked: links a person may want to write.
// "Link it" turns that one mention into a wikilink through the write path (the page's hash as
// read is the base), after a preview of the sentence before and after, and can be undone.
import { useState } from 'react';
import type { Page, UnlinkedMention } from '../../shared/page.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';
import { pageHref, pageRef } from '../app/route.ts';
import { useAsync } from '../hooks/useAsync.ts';
import { useConfirmation } from './ConfirmDialog.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { MarkedContext } from './MarkedContext.tsx';
import { mentionLink, mentionPlace, phraseSpan } from './mention-link.ts';

/** The last link written (with what undoes it), or its undo. */
interface Done {
  message: string;
  auditId: number | null;
}

export function MentionList({ page, agent }: { page: Page; agent: string | null }) {
  const { value, error, loading, reload } = useAsync(() => cairn.mentions(pageRef(page, agent)), [page.root, page.path, page.hash, agent]);
  const { ask, dialog } = useConfirmation();
  const [done, setDone] = useState<Done | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mentions = value?.mentions ?? [];

  const attempt = (work: () => Promise<void>) => {
    setFailure(null);
    work().catch((err: Error) => setFailure(err.message));
  };

  const linkIt = (m: UnlinkedMention) =>
    attempt(async () => {
      const source = await cairn.getPage({ root: m.root, path: m.path, agent: m.scope.agent });
      const place = mentionPlace(source.body, m);
      if (!place) throw new Error(`“${m.phrase}” is not in ${m.path} as listed (it changed, or the sentence is there twice): link it in the page itself.`);
      const words = source.body.slice(place[0], place[1]);
      const link = mentionLink(page.key, words);
      const span = phraseSpan(m.context!, m.phrase)!;
      const after = `${m.context!.slice(0, span[0])}${link}${m.context!.slice(span[1])}`;
      ask({
        title: `Link “${words}” in ${m.title}`,
        body: (
          <div className="mention-change">
            <p className="muted">
              {m.path}, line {m.line}
            </p>
            <p className="before">
              <MarkedContext text={m.context!} span={span} />
            </p>
            <p className="after">
              <MarkedContext text={after} span={[span[0], span[0] + link.length]} />
            </p>
          </div>
        ),
        confirm: 'Link it',
        run: () =>
          attempt(async () => {
            const body = `${source.body.slice(0, place[0])}${link}${source.body.slice(place[1])}`;
            const w = await cairn.writePage({
              key: source.key,
              agent: m.scope.agent,
              root: m.root,
              path: m.path,
              body,
              baseHash: source.hash,
              actor: APP_ACTOR,
            });
            setDone({ message: `Linked “${words}” in ${m.path}.`, auditId: w.auditId });
            reload();
          }),
      });
    });

  const undo = (auditId: number) =>
    attempt(async () => {
      const r = await cairn.undo({ id: auditId, actor: APP_ACTOR });
      if (r.outcome === 'blocked') throw new Error(`${r.message}. The audit log can undo it.`);
      setDone({ message: 'Undone: the mention is as it was.', auditId: null });
      reload();
    });

  return (
    <section className="panel" aria-label="Unlinked mentions" aria-busy={loading}>
      <h2>Unlinked mentions {value && <span className="count">{mentions.length}</span>}</h2>
      {done && (
        <p className="muted mention-done" role="status">
          {done.message}{' '}
          {done.auditId !== null && (
            <button type="button" className="button small ghost" onClick={() => undo(done.auditId!)}>
              Undo
            </button>
          )}
        </p>
      )}
      {failure && (
        <p className="warning" role="alert">
          {failure}
        </p>
      )}
      {error && !value ? (
        <ErrorNote message={error} onRetry={reload} />
      ) : !value ? (
        <p className="muted">Loading…</p>
      ) : mentions.length === 0 ? (
        <p className="muted">No other page names it without a link.</p>
      ) : (
        <ul className="link-list mention-list">
          {mentions.map((m) => (
            <li key={`${m.root}\0${m.path}`} data-path={m.path} title={`${m.path}, line ${m.line}${m.count > 1 ? ` (${m.count} mentions)` : ''}`}>
              <div className="link-head">
                <a href={pageHref(m, { agent: m.scope.agent ?? agent })} className="link-target">
                  {m.title}
                </a>
                {m.phrase && (
                  <button type="button" className="button small ghost" aria-label={`Link it in ${m.title}`} onClick={() => linkIt(m)}>
                    Link it
                  </button>
                )}
              </div>
              {m.context && (
                <div className="link-context">
                  <MarkedContext text={m.context} span={phraseSpan(m.context, m.phrase)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}

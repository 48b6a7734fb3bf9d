// A claim's evidence: the page rendered, a file named, or plainly that it is missing.
import type { Registration } from '../../shared/skills.ts';
import { cairn } from '../api/client.ts';
import { pageHref } from '../app/route.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Markdown } from '../components/Markdown.tsx';
import { useAsync } from '../hooks/useAsync.ts';

export function Evidence({ registration }: { registration: Registration }) {
  const { evidence, agent, docPath } = registration;
  const page = useAsync(evidence?.key ? () => cairn.getPage({ root: evidence.root, path: evidence.path, agent }) : null, [
    evidence?.root,
    evidence?.path,
    agent,
  ]);
  if (!evidence) {
    return (
      <div className="evidence missing" role="note">
        <strong>Evidence missing:</strong> <code>{docPath ?? '(none)'}</code> is no page or file in the wiki.{' '}
        {registration.level === 'expert' ? 'An expert claim cannot be approved without it.' : 'The claim can still be decided, but says nothing checkable.'}
      </div>
    );
  }
  if (!evidence.key) {
    return (
      <div className="evidence">
        Evidence is a file: <code>{evidence.path}</code>
      </div>
    );
  }
  return (
    <section className="evidence" aria-label="Evidence">
      <p className="muted">
        Evidence: <a href={pageHref(evidence, { agent })}>{evidence.path}</a>
      </p>
      {page.error && <ErrorNote message={page.error} />}
      {/* read by its place: the very page the registry resolved, never another with its key */}
      {page.value && <Markdown page={page.value} heading={null} />}
    </section>
  );
}

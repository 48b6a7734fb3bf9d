// A missing page's own view offers to create it, named as its links name it. Where a link points
// there, that link's stub fix makes the page (where the link looks, in its space); where none does,
// a new page through the write path, expecting no file there. Either is shown before anything is
// written, and is undone from the audit log like every fix.
import type { FileChange } from '../../shared/fixes.ts';
import type { LinkFinding } from '../../shared/page.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';
import type { PageTarget } from '../app/route.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { groupId } from './broken-groups.ts';
import { namesFile } from './BrokenTarget.tsx';
import { FixPreview } from './FixPreview.tsx';
import { proposeOne, useFixFlow, type FixProposal } from './fix-flow.ts';

/** `created`: called once the page is written, so the view shows it. */
export function CreateMissingPage({ target, name, created }: { target: PageTarget; name: string; created: () => void }) {
  const flow = useFixFlow(created);
  return (
    <div className="create-missing">
      {flow.error && <ErrorNote message={flow.error} />}
      {!flow.preview && (
        <button type="button" className="button primary" disabled={flow.busy} onClick={() => flow.offer(() => proposal(target, name))}>
          Create page
        </button>
      )}
      <FixPreview flow={flow} />
    </div>
  );
}

async function proposal(target: PageTarget, name: string): Promise<FixProposal> {
  const link = 'root' in target ? null : await linkTo(name);
  if (!link) return newPage(target, name);
  return proposeOne({
    key: link.sourceKey,
    root: link.root,
    path: link.source,
    agent: link.scope.agent,
    line: link.line,
    ...(link.column === null ? {} : { column: link.column }),
    target: link.target,
    kind: link.kind,
    action: 'stub',
  });
}

/** A link to the page by this name, whose stub fix makes it where the links look. */
async function linkTo(name: string): Promise<LinkFinding | null> {
  const { findings } = await cairn.links({ kind: 'broken' });
  const id = groupId(name);
  return findings.find((f) => f.reason === 'missing-page' && f.kind !== 'source' && !namesFile(f.target) && groupId(f.target) === id) ?? null;
}

/** A page nothing links to yet: its title and heading, written where the write path puts a new page of that name. */
function newPage(target: PageTarget, name: string): FixProposal {
  const place = 'root' in target ? { root: target.root, path: target.path } : {};
  const text = `---\ntitle: ${name}\n---\n# ${name}\n`;
  const change: FileChange = {
    root: place.root ?? '',
    path: place.path ?? `${name}.md`,
    key: name,
    created: true,
    lines: text
      .slice(0, -1)
      .split('\n')
      .map((after, i) => ({ line: i + 1, before: null, after })),
  };
  return {
    title: `Create the page “${name}”`,
    changes: [change],
    skipped: [],
    apply: async () => {
      const w = await cairn.writePage({ key: name, ...place, frontmatter: { title: name }, body: `# ${name}\n`, actor: APP_ACTOR, baseHash: null });
      return { message: `Created ${change.path}.`, auditIds: [w.auditId] };
    },
  };
}

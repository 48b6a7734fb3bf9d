// Fix every group the filter keeps at once: a stub page for each missing target, or every link
// removed (its text kept). Either shows one preview of every change before anything is written.
import type { NamedLink } from '../../shared/fixes.ts';
import type { LinkFinding } from '../../shared/page.ts';
import type { BrokenGroup } from './broken-groups.ts';
import { namesFile } from './BrokenTarget.tsx';
import type { FixFlow } from './fix-flow.ts';

/** The most links one bulk fix takes (the contract's limit). */
const MAX_LINKS = 20000;

const named = (f: LinkFinding): NamedLink => ({
  key: f.sourceKey,
  root: f.root,
  path: f.source,
  agent: f.scope.agent,
  line: f.line,
  ...(f.column === null ? {} : { column: f.column }),
  target: f.target,
  kind: f.kind,
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function BulkActions({ groups, flow }: { groups: BrokenGroup[]; flow: FixFlow }) {
  const stubs = groups.filter((g) => !namesFile(g.target)).map((g) => named(g.findings[0]!));
  const links = groups.flatMap((g) => g.findings).map(named);
  const tooMany = links.length > MAX_LINKS ? `at most ${MAX_LINKS} links at once: filter first` : undefined;
  return (
    <div className="bulk-actions" role="group" aria-label="Fix every broken link shown">
      <button
        type="button"
        className="button small"
        disabled={flow.busy || stubs.length === 0 || stubs.length > MAX_LINKS}
        title={tooMany}
        onClick={() => flow.proposeBulk({ action: 'stub', links: stubs })}
      >
        Create {plural(stubs.length, 'stub', 'stubs')}
      </button>
      <button
        type="button"
        className="button small ghost"
        disabled={flow.busy || links.length === 0 || links.length > MAX_LINKS}
        title={tooMany}
        onClick={() => flow.proposeBulk({ action: 'remove', links })}
      >
        Remove {plural(links.length, 'link', 'links')}
      </button>
    </div>
  );
}

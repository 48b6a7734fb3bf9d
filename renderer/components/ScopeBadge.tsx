import type { Scope } from '../../shared/page.ts';

export function ScopeBadge({ scope }: { scope: Scope }) {
  if (scope.kind === 'global') return null;
  return (
    <span className="badge scope" title={`${scope.agent}'s own page: it shadows a global page with the same key for that agent`}>
      @{scope.agent}
    </span>
  );
}

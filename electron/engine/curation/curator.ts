// Who may curate a page. Curation of the shared space (archive, review, link fixes and their stubs)
// is for people, whose screens exist for those decisions; an agent curates only its own
// user/<agent>/ space (DESIGN.md, who sees what). Checked on the page the request resolved to, so
// no spelling of a key or path reaches another space.
import { CairnError } from '../../../shared/errors.ts';
import type { Place } from './page-place.ts';

export function assertCurates(agent: string, place: Pick<Place, 'scope' | 'rel'>, action: string): void {
  if (place.scope.kind === 'user' && place.scope.agent === agent) return;
  throw new CairnError(
    'forbidden',
    `${action}: ${place.rel} is not in user/${agent}/; curating the shared space (archive, review, link fixes) is for a person in the desktop app or the CLI, and agent "${agent}" may curate only its own pages`,
  );
}

// When a search finds nothing, which other modes would find something: each is asked once with
// the same query and filters, so the empty state offers only a switch that helps.
import { MODES, type Mode, type SearchRequest } from '../../shared/search.ts';
import { cairn } from '../api/client.ts';
import { useAsync } from '../hooks/useAsync.ts';

/** Enough to say "found" with a count; more than this is shown as "20+". */
export const PROBE_K = 20;

export interface ModeFinding {
  mode: Mode;
  found: number;
}

async function askOtherModes(request: SearchRequest): Promise<ModeFinding[]> {
  const others = MODES.filter((m) => m !== (request.mode ?? 'hybrid'));
  const answers = await Promise.all(others.map((mode) => cairn.search({ ...request, mode, k: PROBE_K })));
  return others.flatMap((mode, i) => (answers[i]!.results.length > 0 ? [{ mode, found: answers[i]!.results.length }] : []));
}

/** The other modes that find something for `request`, null while asking (or when not asked: `request` null). */
export function useModesThatFind(request: SearchRequest | null): ModeFinding[] | null {
  const key = request ? JSON.stringify(request) : '';
  const { value } = useAsync(key ? () => askOtherModes(JSON.parse(key) as SearchRequest) : null, [key]);
  return key ? value : null;
}

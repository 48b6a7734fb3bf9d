// Search as you type: the request settles for 150 ms before it is sent, answers to older
// requests are dropped, and the search runs again when the engine says pages changed.
import type { SearchRequest, SearchResponse } from '../../shared/search.ts';
import { cairn } from '../api/client.ts';
import { useStatus } from '../app/status-context.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { useDebounced } from '../hooks/useDebounced.ts';

export const SEARCH_DEBOUNCE_MS = 150;

export interface SearchState {
  response: SearchResponse | null;
  error: string | null;
  loading: boolean;
}

export function useSearch(request: SearchRequest | null): SearchState {
  const { generation } = useStatus();
  const key = useDebounced(request ? JSON.stringify(request) : '', SEARCH_DEBOUNCE_MS);
  const { value, error, loading } = useAsync(key ? () => cairn.search(JSON.parse(key) as SearchRequest) : null, [key, generation]);
  return { response: key ? value : null, error: key ? error : null, loading: key !== '' && loading };
}

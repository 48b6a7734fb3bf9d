// The Broken links screen's filters: the folder of the linking pages, words of the target, the kind of link.
import type { LinkKind } from '../../shared/page.ts';
import type { LinkFilter } from './broken-groups.ts';

export function LinkFilters({
  filter,
  onChange,
  folders,
  kinds,
}: {
  filter: LinkFilter;
  onChange: (f: LinkFilter) => void;
  folders: string[];
  kinds: LinkKind[];
}) {
  return (
    <div className="link-filters" role="search" aria-label="Filter broken links">
      <label>
        Folder{' '}
        <select aria-label="Folder" value={filter.folder} onChange={(e) => onChange({ ...filter, folder: e.target.value })}>
          <option value="">every folder</option>
          {folders.map((f) => (
            <option key={f} value={f}>
              {f}/
            </option>
          ))}
        </select>
      </label>
      <label>
        Target{' '}
        <input
          type="search"
          aria-label="Target"
          value={filter.target}
          placeholder="words of the missing page"
          onChange={(e) => onChange({ ...filter, target: e.target.value })}
        />
      </label>
      <label>
        Kind{' '}
        <select aria-label="Kind" value={filter.kind} onChange={(e) => onChange({ ...filter, kind: e.target.value as LinkKind | '' })}>
          <option value="">every kind</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

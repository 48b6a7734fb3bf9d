// The filter bar: tag, scope, tier, and which kinds of target to show (each with how many, and
// whether they are hidden).
import type { GraphFilters as Filters } from './graph-filter.ts';

interface Props {
  filters: Filters;
  choices: { tags: string[]; scopes: string[]; tiers: string[] };
  counts: { missing: number; sources: number; attachments: number; archived: number; concepts: number };
  onChange: (filters: Filters) => void;
  /** concepts as nodes: asked of the engine, so switching them loads the graph again */
  concepts?: { on: boolean; set: (on: boolean) => void };
}

export function GraphFilters({ filters, choices, counts, onChange, concepts }: Props) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  const toggles = [
    ['missing', 'Missing targets', counts.missing],
    ['sources', 'Sources', counts.sources],
    ['attachments', 'Attachments', counts.attachments],
    ['archived', 'Archived pages', counts.archived],
  ] as const;
  return (
    <div className="graph-filters" role="group" aria-label="Filters">
      <label>
        <span className="visually-hidden">Tag</span>
        <select value={filters.tag} onChange={(e) => set('tag', e.target.value)} aria-label="Tag">
          <option value="">Every tag</option>
          {choices.tags.map((t) => (
            <option key={t} value={t}>
              #{t}
            </option>
          ))}
        </select>
      </label>
      {choices.scopes.length > 1 && (
        <select value={filters.scope} onChange={(e) => set('scope', e.target.value)} aria-label="Scope">
          <option value="">Every scope</option>
          {choices.scopes.map((s) => (
            <option key={s} value={s}>
              {s === 'global' ? 'global' : `@${s}`}
            </option>
          ))}
        </select>
      )}
      <select value={filters.tier} onChange={(e) => set('tier', e.target.value)} aria-label="Tier">
        <option value="">Every tier</option>
        {choices.tiers.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      {toggles
        .filter(([, , n]) => n > 0)
        .map(([key, label, n]) => (
          <label key={key} className="check">
            <input type="checkbox" checked={filters[key]} onChange={(e) => set(key, e.target.checked)} /> {label}{' '}
            <span className="muted">
              {n.toLocaleString()}
              {!filters[key] && ' hidden'}
            </span>
          </label>
        ))}
      {concepts && (
        <label className="check">
          <input type="checkbox" checked={concepts.on} onChange={(e) => concepts.set(e.target.checked)} /> Concepts{' '}
          {concepts.on && <span className="muted">{counts.concepts.toLocaleString()}</span>}
        </label>
      )}
    </div>
  );
}

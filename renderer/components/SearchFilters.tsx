// Filters that narrow every lane: pages having all these tags, a scope, some tiers.
import { useEffect, useState } from 'react';
import { TIERS } from '../../shared/page.ts';
import type { QueryState, ScopeFilter, Tier } from '../search/query-state.ts';

interface Props {
  state: QueryState;
  onChange: (patch: Partial<QueryState>) => void;
}

export function SearchFilters({ state, onChange }: Props) {
  const [tagText, setTagText] = useState(state.tags.join(', '));
  useEffect(() => setTagText((t) => (sameTags(t, state.tags) ? t : state.tags.join(', '))), [state.tags]);
  const commitTags = (text: string) => {
    setTagText(text);
    const tags = text
      .split(/[,\s]+/)
      .map((t) => t.replace(/^#/, '').trim())
      .filter(Boolean);
    if (!sameTags(state.tags.join(','), tags)) onChange({ tags });
  };
  const toggleTier = (tier: Tier) => onChange({ tier: state.tier.includes(tier) ? state.tier.filter((t) => t !== tier) : [...state.tier, tier] });
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">Filters</legend>
      <label className="filter">
        <span>Tags</span>
        <input type="text" value={tagText} placeholder="all of: search, fusion" onChange={(e) => commitTags(e.target.value)} aria-label="Filter by tags" />
      </label>
      <label className="filter">
        <span>Scope</span>
        <select value={state.scope} onChange={(e) => onChange({ scope: e.target.value as ScopeFilter })} aria-label="Filter by scope">
          <option value="all">All scopes</option>
          <option value="global">Global</option>
          <option value="user">Agents' own</option>
        </select>
      </label>
      <div className="filter" role="group" aria-label="Filter by tier">
        <span>Tier</span>
        <div className="chips">
          {TIERS.map((tier) => (
            <label key={tier} className={state.tier.includes(tier) ? 'chip on' : 'chip'}>
              <input type="checkbox" checked={state.tier.includes(tier)} onChange={() => toggleTier(tier)} />
              {tier}
            </label>
          ))}
        </div>
      </div>
      {(state.tags.length > 0 || state.scope !== 'all' || state.tier.length > 0) && (
        <button type="button" className="button ghost small" onClick={() => onChange({ tags: [], scope: 'all', tier: [] })}>
          Clear filters
        </button>
      )}
    </fieldset>
  );
}

function sameTags(text: string, tags: string[]): boolean {
  const a = text
    .split(/[,\s]+/)
    .map((t) => t.replace(/^#/, '').trim())
    .filter(Boolean);
  return a.length === tags.length && a.every((t, i) => t === tags[i]);
}

// Every registration, filterable by agent, category, tier and status; an agent's or a skill's own
// page is this table filtered to it. Inferred ones say so; invalid and withdrawn ones say why.
import type { Registration, SkillAgent } from '../../shared/skills.ts';
import { SKILL_STATUSES, SKILL_TIERS } from '../../shared/skills.ts';
import { pageHref } from '../app/route.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { calibrationText, STATUS_BADGE } from './labels.ts';

export interface RegistryFilter {
  agent: string;
  category: string;
  tier: string;
  status: string;
  skill: string;
}

interface Props {
  all: Registration[];
  agents: SkillAgent[];
  categories: string[];
  filter: RegistryFilter;
  onFilter: (f: RegistryFilter) => void;
}

export function RegistryTable({ all, agents, categories, filter, onFilter }: Props) {
  const rows = all.filter(
    (r) =>
      (!filter.agent || r.agent === filter.agent) &&
      (!filter.category || r.category === filter.category) &&
      (!filter.tier || r.tier === filter.tier) &&
      (!filter.status || r.status === filter.status) &&
      (!filter.skill || r.skill === filter.skill),
  );
  const set = (key: keyof RegistryFilter, value: string) => onFilter({ ...filter, [key]: value });
  const select = (key: keyof RegistryFilter, label: string, options: readonly string[], names: (o: string) => string = (o) => o) => (
    <select aria-label={label} value={filter[key]} onChange={(e) => set(key, e.target.value)}>
      <option value="">{`every ${label.toLowerCase()}`}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {names(o)}
        </option>
      ))}
    </select>
  );
  const agentName = (id: string) => agents.find((a) => a.id === id)?.name ?? id;
  return (
    <div className="registry">
      <div className="row filters" role="group" aria-label="Filters">
        {select(
          'agent',
          'Agent',
          agents.map((a) => a.id),
          agentName,
        )}
        {select('category', 'Category', categories)}
        {select('tier', 'Tier', SKILL_TIERS, (t) => (t === 'auto' ? 'inferred' : 'claimed'))}
        {select('status', 'Status', SKILL_STATUSES)}
        {filter.skill && (
          <button type="button" className="chip-button" onClick={() => set('skill', '')}>
            skill: {filter.skill} ✕
          </button>
        )}
      </div>
      {filter.agent && (
        <p className="registry-about">
          <strong>{agentName(filter.agent)}</strong> ({filter.agent}): {rows.length} registration{rows.length === 1 ? '' : 's'}
          {(agents.find((a) => a.id === filter.agent)?.projects.length ?? 0) > 0 && (
            <> · projects {agents.find((a) => a.id === filter.agent)!.projects.join(', ')}</>
          )}
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState title="No registration matches" icon="∅" />
      ) : (
        <table className="table registry-table" aria-label="Registrations">
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Skill</th>
              <th scope="col">Level</th>
              <th scope="col">Status</th>
              <th scope="col">Evidence</th>
              <th scope="col">Calibration</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-id={r.id} data-status={r.status}>
                <td>
                  <button type="button" className="link-button" onClick={() => set('agent', r.agent)}>
                    {r.agent}
                  </button>
                </td>
                <td>
                  <button type="button" className="link-button" onClick={() => set('skill', r.skill)}>
                    {r.skill}
                  </button>
                  <div className="muted small">
                    {r.category}
                    {r.aliases.length ? ` · also ${r.aliases.join(', ')}` : ''}
                  </div>
                </td>
                <td>
                  {r.level}
                  {r.tier === 'auto' && <div className="muted small">inferred</div>}
                </td>
                <td>
                  <span className={STATUS_BADGE[r.status]}>{r.status}</span>
                  {r.decidedBy && (
                    <div className="muted small">
                      by {r.decidedBy}
                      {r.note ? `: ${r.note}` : ''}
                    </div>
                  )}
                </td>
                <td>
                  {r.evidence?.key ? (
                    <a href={pageHref(r.evidence, { agent: r.agent })}>{r.evidence.path}</a>
                  ) : r.evidence ? (
                    <code>{r.evidence.path}</code>
                  ) : r.docPath ? (
                    <span className="badge danger">missing: {r.docPath}</span>
                  ) : (
                    <span className="muted small">{r.reason?.replace(/^inferred: /, '')}</span>
                  )}
                  {r.reason && r.tier === 'explicit' && <div className="muted small">{r.reason}</div>}
                </td>
                <td className="muted small">{r.tier === 'auto' ? '—' : calibrationText(r.calibration)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

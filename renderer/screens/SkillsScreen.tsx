// The skill registry: claims waiting for a decision, every registration, and "who knows…?".
import type { Registration } from '../../shared/skills.ts';
import { cairn } from '../api/client.ts';
import { navigate, screenHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { ApprovalQueue, awaitsDecision } from '../skills/ApprovalQueue.tsx';
import { RegistryTable, type RegistryFilter } from '../skills/RegistryTable.tsx';
import { WhoKnows } from '../skills/WhoKnows.tsx';

const TABS = [
  ['queue', 'Approval queue'],
  ['registry', 'Registry'],
  ['who', 'Who knows…?'],
] as const;

export function SkillsScreen({ params }: { params: URLSearchParams }) {
  const tab = TABS.find(([t]) => t === params.get('tab'))?.[0] ?? 'queue';
  const { generation } = useStatus();
  const data = useAsync(() => cairn.skills({}), [generation]);
  const all: Registration[] = data.value?.registrations ?? [];
  const waiting = all.filter(awaitsDecision).length;
  const go = (next: Record<string, string | undefined>) => navigate(screenHref('skills', { tab, ...Object.fromEntries(params), ...next }), { replace: true });
  const filter: RegistryFilter = {
    agent: params.get('agent') ?? '',
    category: params.get('category') ?? '',
    tier: params.get('tier') ?? '',
    status: params.get('status') ?? '',
    skill: params.get('skill') ?? '',
  };
  return (
    <div className="screen skills-screen">
      <header className="screen-head">
        <h1>Skills</h1>
        <p className="muted">
          Which agent knows what: inferred from their projects, or claimed with a page that shows the work and approved by a person. Only approved registrations
          answer “who knows…?”.
        </p>
        <div className="tabs" role="tablist" aria-label="Skill views">
          {TABS.map(([t, label]) => (
            <a key={t} role="tab" aria-selected={tab === t} className={tab === t ? 'on' : undefined} href={screenHref('skills', { tab: t })}>
              {label}
              {t === 'queue' && waiting > 0 && <span className="count"> {waiting}</span>}
            </a>
          ))}
        </div>
      </header>
      {data.error && <ErrorNote message={data.error} onRetry={data.reload} />}
      {data.value && data.value.problems.length > 0 && (
        <details className="warning">
          <summary>
            {data.value.problems.length} problem{data.value.problems.length === 1 ? '' : 's'} reading the registry files
          </summary>
          <ul>
            {data.value.problems.map((p, i) => (
              <li key={i}>
                <code>
                  {p.path}
                  {p.line ? `:${p.line}` : ''}
                </code>{' '}
                {p.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {data.value && tab === 'queue' && <ApprovalQueue all={all} onDecided={data.reload} />}
      {data.value && tab === 'registry' && (
        <RegistryTable all={all} agents={data.value.agents} categories={data.value.categories} filter={filter} onFilter={(f) => go({ ...f })} />
      )}
      {tab === 'who' && <WhoKnows initial={params.get('q') ?? ''} onQuery={(q) => go({ q })} />}
    </div>
  );
}

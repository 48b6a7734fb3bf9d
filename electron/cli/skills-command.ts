// `cairn skills` and `cairn expert`: the skill registry on the command line — list registrations,
// approve or reject a claim, ask who the expert for a domain is — through the contract's methods.
import { SKILL_STATUSES } from '../../shared/skills.ts';
import { COMMON_OPTIONS, numberOption, parse, UsageError } from './args.ts';
import { actorOf } from './curation-commands.ts';
import { printJson } from './output.ts';
import { ensureIndexed, openSession } from './session.ts';

export async function runSkills(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    agent: { type: 'string' },
    status: { type: 'string' },
    note: { type: 'string' },
    actor: { type: 'string' },
  });
  const [verb, id] = positionals;
  if (verb !== undefined && verb !== 'approve' && verb !== 'reject')
    throw new UsageError(`cairn skills takes approve or reject (or nothing, to list), got "${verb}"`);
  if (values.status !== undefined && !(SKILL_STATUSES as readonly string[]).includes(values.status))
    throw new UsageError(`--status must be one of ${SKILL_STATUSES.join(', ')}, got "${values.status}"`);
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    if (verb) {
      if (positionals.length !== 2) throw new UsageError(`say which registration: cairn skills ${verb} ID --note "…" (ids: cairn skills --status pending)`);
      const r = await engine.decideSkill({ id: numberOption(id, 'id')!, verdict: verb, note: values.note, actor: actorOf(values.actor) });
      if (values.json) printJson(r);
      else process.stdout.write(`${r.status} #${r.id}: ${r.agent} in ${r.skill} (${r.level})${r.note ? ` — ${r.note}` : ''}\n`);
      return 0;
    }
    const { registrations, problems } = await engine.skills({ agent: values.agent, status: values.status as (typeof SKILL_STATUSES)[number] | undefined });
    if (values.json) {
      printJson(
        registrations.map(({ id, agent, skill, category, tier, level, docPath, status }) => ({ id, agent, skill, category, tier, level, docPath, status })),
      );
      return 0;
    }
    for (const r of registrations) {
      const what = r.tier === 'auto' ? `inferred (${r.reason?.replace(/^inferred: /, '')})` : `${r.docPath ?? '-'}${r.reason ? `  [${r.reason}]` : ''}`;
      process.stdout.write(`#${r.id}\t${r.status.padEnd(9)}\t${r.agent}\t${r.skill}\t${r.level}\t${r.category}\t${what}\n`);
    }
    if (!registrations.length) process.stdout.write('no registrations: agents claim skills in user/<agent>/skills.yaml (see docs/agents.md)\n');
    for (const p of problems) process.stderr.write(`cairn: ${p.path}${p.line ? `:${p.line}` : ''}: ${p.reason}\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

export async function runExpert(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...COMMON_OPTIONS, limit: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('cairn expert takes one quoted domain, e.g. cairn expert "vector search"');
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const r = await engine.expert({ domain: positionals[0]!, limit: numberOption(values.limit, 'limit') });
    if (values.json) {
      printJson(r.experts.map(({ agent, skill, level, tier, docPath, calibration }) => ({ agent, skill, level, tier, docPath, calibration })));
      if (r.warning) process.stderr.write(`cairn: ${r.warning}\n`);
      return 0;
    }
    if (r.warning) process.stdout.write(`${r.warning}\n`);
    for (const x of r.experts) {
      const cited = x.calibration.citations
        ? `cited ${x.calibration.citations}× by ${x.calibration.citingAgents} other agent${x.calibration.citingAgents === 1 ? '' : 's'}`
        : 'not cited by others yet';
      process.stdout.write(`${x.agent}\t${x.skill}\t${x.level}${x.tier === 'auto' ? ' (inferred)' : ''}\t${x.evidence?.path ?? x.docPath ?? '-'}\t${cited}\n`);
    }
    return 0;
  } finally {
    await engine.close();
  }
}

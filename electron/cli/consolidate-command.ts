// `cairn consolidate --older-than 14d [--dry-run]`: old raw and daily notes grouped by shared concepts,
// one reflection page per group, the notes archived; through the engine's one write path (logged).
import { COMMON_OPTIONS, parse, UsageError } from './args.ts';
import { actorOf } from './curation-commands.ts';
import { ensureIndexed, openSession } from './session.ts';

/** `14d`, `2w` or a plain number of days. */
export function daysOf(value: string | undefined): number {
  if (value === undefined) return 14;
  const m = /^\s*(\d+)\s*([dw]?)\s*$/i.exec(value);
  if (!m) throw new UsageError(`--older-than takes days, e.g. 14d or 2w, got "${value}"`);
  return Number(m[1]) * (m[2]!.toLowerCase() === 'w' ? 7 : 1);
}

export async function runConsolidate(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    'older-than': { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    actor: { type: 'string' },
  });
  if (positionals.length) throw new UsageError(`cairn consolidate takes no arguments (got ${positionals.join(' ')})`);
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const r = await engine.consolidate({ olderThanDays: daysOf(values['older-than']), dryRun: values['dry-run'], actor: actorOf(values.actor) });
    if (values.json) {
      process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
      return 0;
    }
    const out: string[] = [];
    for (const g of r.groups) {
      out.push(
        `${r.dryRun ? 'would write' : 'wrote'} ${g.written?.path ?? g.key} (reflection: ${g.title}; ${g.sentences.length} sentences${g.links.length ? `; links ${g.links.join(', ')}` : ''})`,
      );
      for (const n of g.notes) out.push(`    ${r.dryRun ? 'would archive' : 'archived'} ${n.path} (${n.date})`);
    }
    if (!r.groups.length) out.push(`nothing to consolidate: no two notes older than ${r.cutoff} share a concept`);
    for (const s of r.skipped) out.push(`skipped ${s.key}: ${s.reason}`);
    process.stdout.write(`${out.join('\n')}\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

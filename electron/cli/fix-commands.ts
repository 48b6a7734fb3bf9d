// `cairn fix retarget|remove|stub` and `cairn undo`: the broken-links fixes of the app on the
// command line, through the same contract methods (validated, atomic, logged, undoable).
import type { FileChange } from '../../shared/fixes.ts';
import { FIX_ACTIONS } from '../../shared/fixes.ts';
import { COMMON_OPTIONS, numberOption, parse, UsageError } from './args.ts';
import { actorOf } from './curation-commands.ts';
import { ensureIndexed, openSession } from './session.ts';

/** `guides/setup:12:7`, `setup:12`: the linking page, the line and (to name one link of several) the column, as `cairn links --dangling` prints them. */
function pageAndLine(spec: string): { key: string; line: number; column?: number } {
  const m = /^(.+?):(\d+)(?::(\d+))?$/.exec(spec);
  if (!m) throw new UsageError(`say which link as PAGE:LINE or PAGE:LINE:COLUMN (e.g. fusion:51), got "${spec}"`);
  const key = m[1]!.replace(/\.md$/i, '').split('/').pop()!;
  return { key, line: numberOption(m[2], 'line')!, ...(m[3] ? { column: numberOption(m[3], 'column')! } : {}) };
}

function printChanges(changes: FileChange[]): string {
  return changes
    .map(
      (c) =>
        `${c.created ? 'new file ' : ''}${c.path}\n${c.lines.map((l) => `${l.before === null ? '' : `  ${l.line} - ${l.before}\n`}${l.after === null ? '' : `  ${l.line} + ${l.after}\n`}`).join('')}`,
    )
    .join('');
}

export async function runFix(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    to: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    agent: { type: 'string' },
    actor: { type: 'string' },
  });
  const [action, spec, target] = positionals;
  if (positionals.length !== 3 || !(FIX_ACTIONS as readonly string[]).includes(action!))
    throw new UsageError('say what to do (retarget, remove or stub), which link (PAGE:LINE) and its target');
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const agent = values.agent ?? null;
    if (action === 'retarget' && !values.to) {
      const { suggestions } = await engine.suggestTargets({ targets: [target!], agent });
      const pages = suggestions[0]!.pages;
      process.stderr.write(
        `say which page with --to KEY; ${pages.length ? `pages like "${target}":\n${pages.map((p) => `  ${p.key}\t${p.path}\t(${p.matched}, score ${p.score})\n`).join('')}` : `no page resembles "${target}"\n`}`,
      );
      return 2;
    }
    const r = await engine.fixLink({
      ...pageAndLine(spec!),
      agent,
      target: target!,
      action: action as (typeof FIX_ACTIONS)[number],
      to: values.to,
      dryRun: values['dry-run'],
      actor: actorOf(values.actor),
    });
    if (values.json) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    else process.stdout.write(`${printChanges(r.changes)}${r.applied ? `applied; undo with: cairn undo ${r.auditId}\n` : 'dry run: nothing written\n'}`);
    return 0;
  } finally {
    await engine.close();
  }
}

export async function runUndo(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...COMMON_OPTIONS, actor: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('cairn undo takes one audit entry id, e.g. `cairn undo 12` (ids: `cairn audit`)');
  const id = numberOption(positionals[0], 'id')!;
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    const r = await engine.undo({ id, actor: actorOf(values.actor) });
    if (values.json) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    if (r.outcome === 'blocked') {
      const first = r.reason === 'later-write' && r.blockedBy?.undoable ? `\nto undo it, first run: cairn undo ${r.blockedBy.id}` : '';
      if (!values.json) process.stderr.write(`cairn: ${r.message}${first}\n`);
      return 1;
    }
    if (!values.json) process.stdout.write(`${r.removed ? 'removed' : 'restored'} ${r.path} (${r.root}); logged as #${r.auditId}\n`);
    if (r.notice && !values.json) process.stderr.write(`note: ${r.notice}\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

// `cairn stale`, `cairn review`, `cairn archive`, `cairn audit`: the curation methods of the contract on the
// command line, through the same write path as the app (validated, atomic, logged).
import os from 'node:os';
import { COMMON_OPTIONS, numberOption, parse, UsageError } from './args.ts';
import { ensureIndexed, openSession } from './session.ts';

const WRITE_OPTIONS = { ...COMMON_OPTIONS, agent: { type: 'string' }, actor: { type: 'string' } } as const;

/** Who the log says did it: --actor, else the user at this terminal. */
export const actorOf = (value: string | undefined) => value ?? os.userInfo().username;

/** `cairn review KEY` and `cairn archive KEY`: the same write path, a different field. */
export async function runMark(what: 'review' | 'archive', args: string[]): Promise<number> {
  const { values, positionals } = parse(args, WRITE_OPTIONS);
  if (positionals.length !== 1) throw new UsageError(`cairn ${what} takes one page key, e.g. \`cairn ${what} fusion\``);
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const request = { key: positionals[0]!, agent: values.agent ?? null, actor: actorOf(values.actor) };
    const r = what === 'review' ? await engine.reviewPage(request) : await engine.archivePage(request);
    process.stdout.write(values.json ? `${JSON.stringify(r, null, 2)}\n` : `${what === 'review' ? 'reviewed' : 'archived'} ${r.path} (${r.root})\n`);
    if (r.notice && !values.json) process.stderr.write(`note: ${r.notice}\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

export async function runAudit(args: string[]): Promise<number> {
  const { values } = parse(args, { ...COMMON_OPTIONS, actor: { type: 'string' }, key: { type: 'string' }, limit: { type: 'string' } });
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    const { entries } = await engine.audit({ actor: values.actor, key: values.key, limit: numberOption(values.limit, 'limit') });
    if (values.json) process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    else
      process.stdout.write(
        entries
          .map(
            (e) =>
              `${e.id}\t${e.at}\t${e.actor}\t${e.action}\t${e.path}\t${e.hashBefore?.slice(0, 8) ?? '-'} -> ${e.hashAfter?.slice(0, 8) ?? 'removed'}${e.detail ? `\t${e.detail}` : ''}\n`,
          )
          .join('') || 'the audit log is empty\n',
      );
    return 0;
  } finally {
    await engine.close();
  }
}

export async function runStale(args: string[]): Promise<number> {
  const { values } = parse(args, COMMON_OPTIONS);
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const { pages } = await engine.stalePages({});
    if (values.json)
      process.stdout.write(
        `${JSON.stringify(
          pages.map((p) => ({ key: p.key, path: p.path, root: p.root, owner: p.owner, since: p.since, reasons: p.reasons })),
          null,
          2,
        )}\n`,
      );
    else
      process.stdout.write(
        pages
          .map((p) => `${p.path}\t${p.owner ?? '-'}\tstale since ${p.since.slice(0, 10)}\n${p.reasons.map((r) => `    ${r.kind}: ${r.detail}\n`).join('')}`)
          .join('') || 'no stale pages\n',
      );
    return 0;
  } finally {
    await engine.close();
  }
}

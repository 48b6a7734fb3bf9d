// `cairn stale`, `cairn review`, `cairn archive`, `cairn audit`: the curation methods of the contract on the
// command line, through the same write path as the app (validated, atomic, logged).
import os from 'node:os';
import { COMMON_OPTIONS, intOption, parse, UsageError } from './args.ts';
import type { Command } from './commands.ts';
import { ensureIndexed, openSession } from './session.ts';

const WRITE_OPTIONS = { ...COMMON_OPTIONS, agent: { type: 'string' }, actor: { type: 'string' } } as const;

/** Who the log says did it: --actor, else the user at this terminal. */
export const actorOf = (value: string | undefined) => value ?? os.userInfo().username;

function markCommand(what: 'review' | 'archive'): Command {
  const [summary, usage] =
    what === 'review'
      ? ['mark a page reviewed today (sets `reviewed`; logged)', 'cairn review KEY [--agent NAME] [--actor NAME] [--db FILE] [--json]']
      : ['retire a page: sets `archived_since` to today; the file is never deleted (logged)', 'cairn archive KEY [--agent NAME] [--actor NAME] [--db FILE] [--json]'];
  return {
    summary,
    usage,
    async run(args) {
      const { values, positionals } = parse(args, WRITE_OPTIONS);
      if (positionals.length !== 1) throw new UsageError(`cairn ${what} takes one page key, e.g. \`cairn ${what} fusion\``);
      const engine = await openSession({ db: values.db, model: values.model });
      try {
        await ensureIndexed(engine);
        const request = { key: positionals[0]!, agent: values.agent ?? null, actor: actorOf(values.actor) };
        const r = what === 'review' ? await engine.reviewPage(request) : await engine.archivePage(request);
        process.stdout.write(values.json ? `${JSON.stringify(r, null, 2)}\n` : `${what === 'review' ? 'reviewed' : 'archived'} ${r.path} (${r.root})\n`);
        return 0;
      } finally {
        engine.close();
      }
    },
  };
}

export const reviewCommand = markCommand('review');
export const archiveCommand = markCommand('archive');

export const auditCommand: Command = {
  summary: 'the audit log, newest first: every write, review and archive, by whom',
  usage: 'cairn audit [--actor NAME] [--key KEY] [--limit N] [--db FILE] [--json]',
  async run(args) {
    const { values } = parse(args, { ...COMMON_OPTIONS, actor: { type: 'string' }, key: { type: 'string' }, limit: { type: 'string' } });
    const engine = await openSession({ db: values.db, model: values.model });
    try {
      const { entries } = await engine.audit({ actor: values.actor, key: values.key, limit: intOption(values.limit, 'limit', 1, 1000) });
      if (values.json) process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
      else process.stdout.write(entries.map((e) => `${e.id}\t${e.at}\t${e.actor}\t${e.action}\t${e.path}\t${e.hashBefore?.slice(0, 8) ?? '-'} -> ${e.hashAfter?.slice(0, 8) ?? 'removed'}${e.detail ? `\t${e.detail}` : ''}\n`).join('') || 'the audit log is empty\n');
      return 0;
    } finally {
      engine.close();
    }
  },
};

export const staleCommand: Command = {
  summary: 'pages that may no longer be true, with the reasons (sources changed or gone, links to archived pages, no review for too long)',
  usage: 'cairn stale [--db FILE] [--json]',
  async run(args) {
    const { values } = parse(args, COMMON_OPTIONS);
    const engine = await openSession({ db: values.db, model: values.model });
    try {
      await ensureIndexed(engine);
      const { pages } = await engine.stalePages({});
      if (values.json) process.stdout.write(`${JSON.stringify(pages.map((p) => ({ key: p.key, path: p.path, root: p.root, owner: p.owner, since: p.since, reasons: p.reasons })), null, 2)}\n`);
      else process.stdout.write(pages.map((p) => `${p.path}\t${p.owner ?? '-'}\tstale since ${p.since.slice(0, 10)}\n${p.reasons.map((r) => `    ${r.kind}: ${r.detail}\n`).join('')}`).join('') || 'no stale pages\n');
      return 0;
    } finally {
      engine.close();
    }
  },
};

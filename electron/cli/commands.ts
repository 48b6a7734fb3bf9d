// The command table: each entry parses its own arguments and talks to the engine.
import { COMMON_OPTIONS, parse, UsageError } from './args.ts';
import { ensureIndexed, openSession, withProgressBar } from './session.ts';
import type { IndexReport } from '../../shared/indexing.ts';
import { searchCommand } from './search-command.ts';
import { evalCommand } from './eval-command.ts';
import { serveCommand } from './serve-command.ts';
import { archiveCommand, auditCommand, reviewCommand, staleCommand } from './curation-commands.ts';
import { fixCommand, undoCommand } from './fix-commands.ts';
import { graphCommand } from './graph-command.ts';

export interface Command {
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

export const COMMANDS: Record<string, Command> = {
  search: searchCommand,
  eval: evalCommand,
  serve: serveCommand,
  stale: staleCommand,
  review: reviewCommand,
  archive: archiveCommand,
  audit: auditCommand,
  fix: fixCommand,
  undo: undoCommand,
  graph: graphCommand,
  index: {
    summary: 'index the roots into the database (unchanged files are skipped; other roots in the index are left alone); --forget drops roots from the index',
    usage: 'cairn index [--db FILE] [--json] [ROOT...] | cairn index --forget ROOT...',
    async run(args) {
      const { values, positionals } = parse(args, { ...COMMON_OPTIONS, forget: { type: 'boolean', default: false } });
      if (values.forget && positionals.length === 0) throw new UsageError('say which roots to drop: cairn index --forget ROOT...');
      const engine = await openSession({ roots: values.forget ? [] : positionals, db: values.db, model: values.model, announce: !values.forget });
      try {
        if (values.forget) {
          const removed = await engine.forgetRoots(positionals);
          process.stdout.write(`${removed} files left the index; the folders themselves were not touched\n`);
          return 0;
        }
        const report = await withProgressBar(engine, () => engine.reindex());
        if (values.json) print(indexJson(report));
        else process.stdout.write(indexText(report));
        return report.failed > 0 ? 1 : 0;
      } finally {
        engine.close();
      }
    },
  },
  links: {
    summary: 'report broken links and anchors (--dangling), broken anchors only (--anchors), or orphan pages (--orphans)',
    usage: 'cairn links (--dangling | --anchors | --orphans) [--db FILE] [--json]',
    async run(args) {
      const { values } = parse(args, { ...COMMON_OPTIONS, dangling: { type: 'boolean' }, anchors: { type: 'boolean' }, orphans: { type: 'boolean' } });
      const picked = (['dangling', 'anchors', 'orphans'] as const).filter((k) => values[k]);
      if (picked.length !== 1) throw new UsageError('say which report: --dangling, --anchors or --orphans');
      const engine = await openSession({ db: values.db, model: values.model });
      try {
        await ensureIndexed(engine);
        if (picked[0] === 'orphans') {
          const { orphans } = await engine.links({ kind: 'orphans' });
          if (values.json) print(orphans.map((o) => ({ key: o.key, path: o.path, title: o.title })));
          else process.stdout.write(orphans.map((o) => `${o.path}\t${o.title}\n`).join('') || 'no orphan pages\n');
          return 0;
        }
        const { findings } = await engine.links({ kind: picked[0] === 'dangling' ? 'broken' : 'anchors' });
        const rows = findings.map(({ source, line, target, anchor, kind, reason }) => ({ source, line, target, anchor, kind, reason }));
        if (values.json) print(rows);
        else process.stdout.write(rows.map((r) => `${r.source}:${r.line}\t${r.kind}\t${r.target}${r.anchor ? `#${r.anchor}` : ''}\t${r.reason}\n`).join('') || 'no broken links\n');
        return 0;
      } finally {
        engine.close();
      }
    },
  },
  page: {
    summary: 'show a page: frontmatter, headings, outgoing links and backlinks',
    usage: 'cairn page KEY [--agent NAME] [--db FILE] [--json]',
    async run(args) {
      const { values, positionals } = parse(args, { ...COMMON_OPTIONS, agent: { type: 'string' } });
      if (positionals.length !== 1) throw new UsageError('cairn page takes one page key, e.g. `cairn page index`');
      const engine = await openSession({ db: values.db, model: values.model });
      try {
        await ensureIndexed(engine);
        const page = await engine.getPage({ key: positionals[0]!, agent: values.agent ?? null });
        if (values.json) {
          const { body: _body, ...rest } = page;
          print(rest);
        } else {
          process.stdout.write(`${page.title}  (${page.path})\n${page.summary ?? ''}\n\n`);
          for (const l of page.links) process.stdout.write(`  -> ${l.target}${l.anchor ? `#${l.anchor}` : ''} (${l.kind}, line ${l.line})${l.reason ? `  BROKEN: ${l.reason}` : ''}\n`);
          for (const l of page.backlinks) process.stdout.write(`  <- ${l.source}:${l.line}\n`);
        }
        return 0;
      } finally {
        engine.close();
      }
    },
  },
};

function indexJson(r: IndexReport) {
  return {
    pages: r.pages,
    chunks: r.chunks,
    links: r.links,
    dangling: r.dangling,
    brokenAnchors: r.brokenAnchors,
    skipped: r.skipped,
    failed: r.failed,
    indexed: r.indexed,
    unchanged: r.unchanged,
    removed: r.removed,
    ms: r.ms,
    model: r.model,
    embedded: r.embedded,
    semanticMs: r.semanticMs,
    problems: r.problems,
    brokenByRun: r.brokenByRun,
  };
}

function indexText(r: IndexReport): string {
  const lines = [
    `${r.pages} pages, ${r.chunks} chunks, ${r.links} links (${r.dangling} dangling, ${r.brokenAnchors} broken anchors)`,
    `${r.indexed} files indexed, ${r.unchanged} unchanged, ${r.removed} removed, ${r.skipped} skipped, ${r.failed} failed in ${(r.ms / 1000).toFixed(2)} s`,
    `semantic lane: model ${r.model ?? 'none'}${r.modelNote ? ` (${r.modelNote})` : ''}, ${r.embedded} chunks embedded in ${(r.semanticMs / 1000).toFixed(2)} s`,
    ...r.problems.map((p) => `  ${p.severity}: ${p.path}${p.line ? `:${p.line}` : ''}: ${p.reason}`),
    ...(r.brokenByRun.length ? [`this run broke ${r.brokenByRun.length} link${r.brokenByRun.length === 1 ? '' : 's'} that resolved before:`] : []),
    ...r.brokenByRun.map((b) => `  ${b.source}:${b.line}\t${b.target}${b.anchor ? `#${b.anchor}` : ''}\t${b.reason}`),
  ];
  return `${lines.join('\n')}\n`;
}

export function usage(): string {
  const rows = Object.entries(COMMANDS).map(([, c]) => `  ${c.usage}\n      ${c.summary}`);
  return `usage: cairn <command> [options]\n\n${rows.join('\n')}\n\nRoots: arguments > CAIRN_ROOTS > "roots" in CAIRN_CONFIG (~/.config/cairn/config.json) > the demo wiki.\nDatabase: --db > CAIRN_DB > "db" in the config > the user data folder.\n`;
}

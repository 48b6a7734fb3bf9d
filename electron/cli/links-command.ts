// `cairn links`: broken links and anchors, or orphan pages.
import { COMMON_OPTIONS, parse, UsageError } from './args.ts';
import { printJson as print, printNotice } from './output.ts';
import { ensureIndexed, openSession } from './session.ts';

export async function runLinks(args: string[]): Promise<number> {
  const { values } = parse(args, { ...COMMON_OPTIONS, dangling: { type: 'boolean' }, anchors: { type: 'boolean' }, orphans: { type: 'boolean' } });
  const picked = (['dangling', 'anchors', 'orphans'] as const).filter((k) => values[k]);
  if (picked.length !== 1) throw new UsageError('say which report: --dangling, --anchors or --orphans');
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    if (picked[0] === 'orphans') {
      const { orphans, index } = await engine.links({ kind: 'orphans' });
      printNotice(index);
      if (values.json) print(orphans.map((o) => ({ key: o.key, path: o.path, title: o.title })));
      else process.stdout.write(orphans.map((o) => `${o.path}\t${o.title}\n`).join('') || 'no orphan pages\n');
      return 0;
    }
    const { findings, index } = await engine.links({ kind: picked[0] === 'dangling' ? 'broken' : 'anchors' });
    printNotice(index);
    const rows = findings.map(({ source, line, column, target, anchor, kind, reason }) => ({ source, line, column, target, anchor, kind, reason }));
    if (values.json) print(rows);
    else
      process.stdout.write(
        rows
          .map((r) => `${r.source}:${r.line}${r.column === null ? '' : `:${r.column}`}\t${r.kind}\t${r.target}${r.anchor ? `#${r.anchor}` : ''}\t${r.reason}\n`)
          .join('') || 'no broken links\n',
      );
    return 0;
  } finally {
    await engine.close();
  }
}

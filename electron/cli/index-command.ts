// `cairn index`: indexes the roots into the database, or drops roots from it with --forget.
import type { IndexReport } from '../../shared/indexing.ts';
import { COMMON_OPTIONS, parse, UsageError } from './args.ts';
import { printJson as print } from './output.ts';
import { openSession, withProgressBar } from './session.ts';
import { runTime } from '../../shared/run-time.ts';

export async function runIndex(args: string[]): Promise<number> {
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
    await engine.close();
  }
}

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
    totalMs: r.totalMs,
    phases: r.phases,
    problems: r.problems,
    brokenByRun: r.brokenByRun,
  };
}

function indexText(r: IndexReport): string {
  const lines = [
    `indexed ${r.pages} pages ${runTime(r)}`,
    `${r.pages} pages, ${r.chunks} chunks, ${r.links} links (${r.dangling} dangling, ${r.brokenAnchors} broken anchors)`,
    `${r.indexed} files indexed, ${r.unchanged} unchanged, ${r.removed} removed, ${r.skipped} skipped, ${r.failed} failed`,
    `semantic lane: model ${r.model ?? 'none'}${r.modelNote ? ` (${r.modelNote})` : ''}, ${r.embedded} chunks embedded`,
    ...r.problems.map((p) => `  ${p.severity}: ${p.path}${p.line ? `:${p.line}` : ''}: ${p.reason}`),
    ...(r.brokenByRun.length ? [`this run broke ${r.brokenByRun.length} link${r.brokenByRun.length === 1 ? '' : 's'} that resolved before:`] : []),
    ...r.brokenByRun.map((b) => `  ${b.source}:${b.line}\t${b.target}${b.anchor ? `#${b.anchor}` : ''}\t${b.reason}`),
  ];
  return `${lines.join('\n')}\n`;
}

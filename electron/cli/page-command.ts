// `cairn page`: one page's frontmatter, headings, links and backlinks.
import { COMMON_OPTIONS, parse, UsageError } from './args.ts';
import { printJson as print, printNotice } from './output.ts';
import { ensureIndexed, openSession } from './session.ts';

export async function runPage(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...COMMON_OPTIONS, agent: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('cairn page takes one page key, e.g. `cairn page index`');
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const page = await engine.getPage({ key: positionals[0]!, agent: values.agent ?? null });
    printNotice(page.index);
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
}

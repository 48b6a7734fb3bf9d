// `cairn page`: one page's frontmatter, headings, links and backlinks, by key or by its path in a root.
import path from 'node:path';
import { NotFound } from '../../shared/errors.ts';
import { isPathName, placesOf } from '../../shared/page-path.ts';
import type { EngineApi } from '../engine/engine-api.ts';
import { COMMON_OPTIONS, parse, UsageError } from './args.ts';
import { printJson as print, printNotice } from './output.ts';
import { ensureIndexed, openSession } from './session.ts';

export async function runPage(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...COMMON_OPTIONS, agent: { type: 'string' }, root: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('cairn page takes one page key or path, e.g. `cairn page index` or `cairn page guides/setup`');
  const engine = await openSession({ db: values.db, model: values.model });
  try {
    await ensureIndexed(engine);
    const named = positionals[0]!;
    const agent = values.agent ?? null;
    const page = isPathName(named) ? await pageAtPath(engine, named, values.root, agent) : await engine.getPage({ key: named, agent });
    printNotice(page.index);
    if (values.json) {
      const { body: _body, ...rest } = page;
      print(rest);
    } else {
      process.stdout.write(`${page.title}  (${page.path})\n${page.summary ?? ''}\n\n`);
      for (const l of page.links)
        process.stdout.write(`  -> ${l.target}${l.anchor ? `#${l.anchor}` : ''} (${l.kind}, line ${l.line})${l.reason ? `  BROKEN: ${l.reason}` : ''}\n`);
      for (const l of page.backlinks) process.stdout.write(`  <- ${l.source}:${l.line}\n`);
    }
    return 0;
  } finally {
    await engine.close();
  }
}

/** Of pages sharing a name, the one at this path: in the root given, else the first root of the index that has it. */
async function pageAtPath(engine: EngineApi, named: string, root: string | undefined, agent: string | null) {
  const status = root ? null : await engine.status({});
  const roots = status ? [...status.roots, ...status.otherRoots] : [path.resolve(root!)];
  for (const place of placesOf(named, roots)) {
    try {
      return await engine.getPage({ ...place, agent });
    } catch (err) {
      if (!(err instanceof NotFound)) throw err;
    }
  }
  throw new NotFound(`no page at ${placesOf(named, [''])[0]!.path} in ${roots.join(', ')}; list pages with \`cairn search\``);
}

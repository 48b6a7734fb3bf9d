// Fixing many broken links at once: every removal in a page planned together on the page as it is
// on disk (one write per file, so each is one audit entry to undo), or one stub for each missing
// target however many links name it. A link that cannot be fixed is skipped with the reason; the
// rest go on.
import { CairnError } from '../../../shared/errors.ts';
import type { FixLinksRequest, FixLinksResponse, NamedLink } from '../../../shared/fixes.ts';
import type { Store } from '../store/store.ts';
import { sha1 } from './atomic-file.ts';
import { lineChanges } from './line-diff.ts';
import { unlinkOnLine } from './link-edit.ts';
import {
  editLine,
  editList,
  FRONTMATTER_FIELD,
  linkingPage,
  planStub,
  readSource,
  refuseUnindexed,
  writtenLinks,
  type FixPlan,
  type IndexedLink,
  type Source,
} from './link-fix.ts';
import { pageText } from './write-page.ts';

type Skipped = FixLinksResponse['skipped'][number];

export interface BulkPlan {
  plans: FixPlan[];
  skipped: Skipped[];
}

const skip = (l: NamedLink, err: unknown): Skipped => {
  if (!(err instanceof CairnError)) throw err;
  return { key: l.key, line: l.line, target: l.target, reason: err.message };
};

export function planBulk(store: Store, req: FixLinksRequest): Promise<BulkPlan> {
  return req.action === 'stub' ? planStubs(store, req.links) : planRemovals(store, req.links);
}

/** One stub per page it would create: `X` and `X.md` name one page. */
async function planStubs(store: Store, links: NamedLink[]): Promise<BulkPlan> {
  const plans = new Map<string, FixPlan>();
  const skipped: Skipped[] = [];
  for (const l of links) {
    try {
      const source = await linkingPage(store, l);
      const [link] = await writtenLinks(store, source, l);
      const plan = await planStub(store, source, link, l.line);
      const where = `${plan.change.root}\0${plan.change.path.toLowerCase()}`;
      if (!plans.has(where)) plans.set(where, plan);
    } catch (err) {
      skipped.push(skip(l, err));
    }
  }
  return { plans: [...plans.values()], skipped };
}

async function planRemovals(store: Store, links: NamedLink[]): Promise<BulkPlan> {
  const byPage = new Map<string, NamedLink[]>();
  for (const l of links) {
    const page = l.root !== undefined && l.path !== undefined ? `${l.root}\0${l.path}` : `${l.agent ?? ''}\0${l.key}`;
    byPage.set(page, [...(byPage.get(page) ?? []), l]);
  }
  const plans: FixPlan[] = [];
  const skipped: Skipped[] = [];
  for (const named of byPage.values()) {
    try {
      const plan = await removalsInPage(store, await linkingPage(store, named[0]!), named, skipped);
      if (plan) plans.push(plan);
    } catch (err) {
      skipped.push(...named.map((l) => skip(l, err)));
    }
  }
  return { plans, skipped };
}

/** The page with every named link turned into its text: frontmatter lists edited once per field, each line once with all its links. */
async function removalsInPage(store: Store, source: Source, named: NamedLink[], skipped: Skipped[]): Promise<FixPlan | null> {
  const fields = new Map<string, Set<string>>();
  const lines = new Map<number, { links: IndexedLink[]; named: NamedLink[] }>();
  for (const l of named) {
    let found: IndexedLink[];
    try {
      found = await writtenLinks(store, source, l);
    } catch (err) {
      skipped.push(skip(l, err));
      continue;
    }
    const field = FRONTMATTER_FIELD[found[0]!.kind];
    if (field) fields.set(field, new Set([...(fields.get(field) ?? []), l.target]));
    else {
      const onLine = lines.get(l.line) ?? { links: [], named: [] };
      onLine.links.push(...found.filter((f) => !onLine.links.some((o) => o.column === f.column)));
      onLine.named.push(l);
      lines.set(l.line, onLine);
    }
  }
  if (!fields.size && !lines.size) return null;
  const bytes = readSource(source);
  refuseUnindexed(source, bytes);
  const before = pageText(bytes, source.path);
  let after = before;
  for (const [line, onLine] of lines) {
    try {
      after = editLine(source, after, line, onLine.links, unlinkOnLine);
    } catch (err) {
      skipped.push(...onLine.named.map((l) => skip(l, err)));
    }
  }
  for (const [field, targets] of fields) after = editList(source, after, field, (items) => items.filter((t) => !targets.has(t)));
  if (after === before) return null;
  const targets = [...new Set(named.map((l) => l.target))];
  const detail = `removed ${named.length === 1 ? 'the link' : `${named.length} links`} to ${targets.slice(0, 5).join(', ')}${targets.length > 5 ? ', …' : ''}`;
  return {
    // the linking page by its place: of several with its key, this one
    write: {
      key: source.key,
      agent: source.agent,
      root: source.root,
      path: source.path,
      fields: {},
      text: after,
      baseHash: sha1(bytes),
      action: 'fix',
      detail,
    },
    change: { root: source.root, path: source.path, key: source.key, created: false, lines: lineChanges(before, after) },
  };
}

// The command table: what each command is for and how it is called, and where its code is. The
// code is imported only when the command runs, so `cairn --help` and `cairn X --help` load
// nothing else, and `cairn links` never loads what `cairn serve` or `cairn eval` need.
export type Run = (args: string[]) => Promise<number>;

export interface Command {
  summary: string;
  usage: string;
  load(): Promise<Run>;
}

export const COMMANDS: Record<string, Command> = {
  index: {
    summary: 'index the roots into the database (unchanged files are skipped; other roots in the index are left alone); --forget drops roots from the index',
    usage: 'cairn index [--db FILE] [--json] [ROOT...] | cairn index --forget ROOT...',
    load: async () => (await import('./index-command.ts')).runIndex,
  },
  search: {
    summary: 'hybrid search; every result shows its rank in each lane',
    usage:
      'cairn search "QUERY" [--mode hybrid|lexical|semantic|token] [--k N] [--weights lexical=1.5,semantic=2,token=0.75,graph=0.2] [--fusion rrf|convex] [--rrf-k 60] [--tag T] [--agent A] [--scope global|user] [--tier T] [--path PREFIX] [--after DATE] [--before DATE] [--intent on|off] [--mmr LAMBDA] [--reranker hub:ID|DIR|none] [--rerank on|off] [--db FILE] [--json]',
    load: async () => (await import('./search-command.ts')).runSearch,
  },
  links: {
    summary: 'report broken links and anchors (--dangling), broken anchors only (--anchors), or orphan pages (--orphans)',
    usage: 'cairn links (--dangling | --anchors | --orphans) [--db FILE] [--json]',
    load: async () => (await import('./links-command.ts')).runLinks,
  },
  page: {
    summary: 'show a page: frontmatter, headings, outgoing links and backlinks',
    usage: 'cairn page KEY|FOLDER/NAME [--root ROOT] [--agent NAME] [--db FILE] [--json]',
    load: async () => (await import('./page-command.ts')).runPage,
  },
  graph: {
    summary:
      'the reference graph: pages, attachments, sources and missing targets as nodes, links as edges by kind (with --concepts, the concepts pages mention); whole, or around a page',
    usage: 'cairn graph [--around KEY [--depth 1-3] [--agent NAME]] [--limit N] [--concepts] [--json | --graphml] [--db FILE]',
    load: async () => (await import('./graph-command.ts')).runGraph,
  },
  recall: {
    summary:
      "what is connected to a page, or to a query's top 3 hits, and how: 1–3 steps out over links either way, shared concepts and dated notes; one line a page with its distance and the path that reached it",
    usage: 'cairn recall (KEY [--agent NAME] | --query "TEXT") [--hops 1-3] [--limit N] [--json] [--db FILE]',
    load: async () => (await import('./recall-command.ts')).runRecall,
  },
  skills: {
    summary: 'the skill registry: every registration with its status and evidence; approve or reject a pending claim (logged)',
    usage:
      'cairn skills [--agent NAME] [--status pending|approved|rejected|withdrawn|invalid] [--json] | cairn skills approve|reject ID [--note TEXT] [--actor NAME]',
    load: async () => (await import('./skills-command.ts')).runSkills,
  },
  expert: {
    summary: 'who is the expert for a domain: approved registrations by skill, alias or words, else through search of their pages; with their evidence',
    usage: 'cairn expert "DOMAIN" [--limit N] [--json] [--db FILE]',
    load: async () => (await import('./skills-command.ts')).runExpert,
  },
  serve: {
    summary: 'serve the app UI and the HTTP API (POST /api/<method>) on 127.0.0.1; roots are watched',
    usage: 'cairn serve [--port 4317] [--host 127.0.0.1|::1] [--allow-host NAME]... [--no-watch] [--reranker hub:ID|DIR] [--db FILE] [ROOT...]',
    load: async () => (await import('./serve-command.ts')).runServe,
  },
  mcp: {
    summary:
      'an MCP server on stdio for one agent: wiki_search, wiki_read, wiki_write, wiki_links, wiki_related, knowledge_recall, knowledge_expert, skill_register, record_outcome, query_outcomes',
    usage: 'cairn mcp --agent NAME (or CAIRN_AGENT=NAME) [--no-watch] [--reranker hub:ID|DIR] [--db FILE] [ROOT...]',
    load: async () => (await import('./mcp-command.ts')).runMcp,
  },
  eval: {
    summary: 'nDCG@10, Recall@100, MRR@10 and latency of every search mode on labelled queries (BEIR format)',
    usage:
      'cairn eval --corpus corpus.jsonl --queries queries.jsonl --qrels qrels.tsv [--split all|tune|heldout] [--tune] [--weights ...] [--fusion rrf|convex] [--rrf-k N] [--intent on|off] [--mmr LAMBDA] [--reranker hub:ID|DIR|none] [--rerank on|off] [--db FILE] [--json]',
    load: async () => (await import('./eval-command.ts')).runEval,
  },
  models: {
    summary:
      'the recommended embedding models and which are downloaded; pull one from the hub (or HF_ENDPOINT, a mirror) with progress, each file checked; use one (search goes on with the old vectors until the new ones are ready; kept in the config file); roll back to the one before',
    usage:
      'cairn models [--json] | cairn models pull OWNER/NAME [--endpoint URL] | cairn models use hub:OWNER/NAME|adaptive|DIR [--db FILE] | cairn models rollback [--db FILE]',
    load: async () => (await import('./models-command.ts')).runModels,
  },
  stale: {
    summary: 'pages that may no longer be true, with the reasons (sources changed or gone, links to archived pages, no review for too long)',
    usage: 'cairn stale [--db FILE] [--json]',
    load: async () => (await import('./curation-commands.ts')).runStale,
  },
  review: {
    summary: 'mark a page reviewed today (sets `reviewed`; logged)',
    usage: 'cairn review KEY [--agent NAME] [--actor NAME] [--db FILE] [--json]',
    load: async () => {
      const { runMark } = await import('./curation-commands.ts');
      return (args) => runMark('review', args);
    },
  },
  archive: {
    summary: 'retire a page: sets `archived_since` to today; the file is never deleted (logged)',
    usage: 'cairn archive KEY [--agent NAME] [--actor NAME] [--db FILE] [--json]',
    load: async () => {
      const { runMark } = await import('./curation-commands.ts');
      return (args) => runMark('archive', args);
    },
  },
  audit: {
    summary: 'the audit log, newest first: every write, review and archive, by whom',
    usage: 'cairn audit [--actor NAME] [--key KEY] [--limit N] [--db FILE] [--json]',
    load: async () => (await import('./curation-commands.ts')).runAudit,
  },
  consolidate: {
    summary:
      'consolidate old raw and daily notes: each group sharing a concept becomes one reflection page of their most informative sentences, with provenance; the notes are archived, never deleted (logged)',
    usage: 'cairn consolidate [--older-than 14d] [--dry-run] [--actor NAME] [--db FILE] [--json]',
    load: async () => (await import('./consolidate-command.ts')).runConsolidate,
  },
  fix: {
    summary:
      'fix a broken link: retarget it to a page (--to KEY; without it, lists suggestions), remove it keeping its text, or create a stub page for it (logged, undoable)',
    usage: 'cairn fix retarget|remove|stub PAGE:LINE TARGET [--to KEY] [--dry-run] [--agent NAME] [--actor NAME] [--db FILE] [--json]',
    load: async () => (await import('./fix-commands.ts')).runFix,
  },
  store: {
    summary:
      'copy an index and its history (audit log, skill decisions, queries and outcomes) from its SQLite file into an empty PostgreSQL database, for servers that share it',
    usage: 'cairn store copy --from FILE.db --to postgres://USER@HOST/DB [--json]',
    load: async () => (await import('./store-command.ts')).runStore,
  },
  undo: {
    summary: 'undo a logged write (see `cairn audit`) while the file is still as that write left it',
    usage: 'cairn undo ID [--actor NAME] [--db FILE] [--json]',
    load: async () => (await import('./fix-commands.ts')).runUndo,
  },
};

const SETTINGS_NOTE = `Roots: arguments > CAIRN_ROOTS > "roots" in CAIRN_CONFIG (~/.config/cairn/config.json) > the demo wiki.
Database: --db > CAIRN_DB > "db" in the config > the user data folder.
Embedding model: --model > CAIRN_MODEL > "model" in the config > adaptive.
Reranker: --reranker > CAIRN_RERANKER > "reranker" in the config > none.`;

export function usage(): string {
  const rows = Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`);
  return `usage: cairn <command> [options]    (cairn <command> --help for one)\n\n${rows.join('\n')}\n\n${SETTINGS_NOTE}\n`;
}

export function commandHelp(name: string): string {
  const c = COMMANDS[name]!;
  return `usage: ${c.usage}\n\n${c.summary[0]!.toUpperCase()}${c.summary.slice(1)}.\n\n${SETTINGS_NOTE}\n`;
}

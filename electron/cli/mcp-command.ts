// `cairn mcp`: an MCP server on stdin/stdout for one agent, over the same engine and database as
// the app and `cairn serve` (WAL: they may all run at once). stdout carries the protocol only;
// everything a person should read goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { MAX_REQUEST_BYTES } from '../../shared/limits.ts';
import { AgentName } from '../../shared/skills.ts';
import { startHost } from '../host/start-host.ts';
import { serveMcp } from '../mcp/mcp-server.ts';
import { COMMON_OPTIONS, parse, UsageError } from './args.ts';
import { describeSettings } from './session.ts';
import { runTime } from '../../shared/run-time.ts';

export async function runMcp(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    reranker: { type: 'string' },
    agent: { type: 'string' },
    'no-watch': { type: 'boolean', default: false },
  });
  const agent = agentName(values.agent ?? process.env.CAIRN_AGENT);
  const say = (line: string) => process.stderr.write(`cairn mcp: ${line}\n`);
  // the SDK's default (10 MB a message) is less than a write the contract allows (an 8 Mi-character body, JSON-escaped);
  // ours is every door's (limits.ts). Not more: the SDK's buffer copies itself on every chunk. A message over it
  // ends the session, with a line on stderr, rather than leave a server that no longer reads
  const transport = new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: MAX_REQUEST_BYTES });
  let endSession: () => void = () => {};
  const ended = new Promise<void>((resolve) => (endSession = resolve));
  const host = await startHost({
    roots: positionals,
    db: values.db,
    model: values.model,
    reranker: values.reranker,
    watch: !values['no-watch'],
    loadModel: 'background',
    attach: async (engine) => {
      const server = await serveMcp(engine.service, { kind: 'agent', agent }, transport);
      server.onerror = (err) => say(`protocol error: ${err.message}`);
      server.onclose = () => endSession();
      say(`serving the wiki to agent "${agent}" over stdio`);
      return () => server.close();
    },
    onProgress: (p) => {
      if (p.kind === 'settings') process.stderr.write(describeSettings(p.settings));
      else if (p.kind === 'read-only') say(`the index ${p.db} is read-only: search and reading work; writes are refused`);
      else if (p.kind === 'indexed') say(`indexed ${p.report.pages} pages ${runTime(p.report)}`);
      else if (p.kind === 'index-failed' || p.kind === 'change-failed') say(`indexing failed: ${p.error.message}`);
    },
  });
  // the client ends the session by closing our stdin, or stops us with a signal
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    void ended.then(resolve);
  });
  await host.close();
  return 0;
}

function agentName(name: string | undefined): string {
  if (!name)
    throw new UsageError(
      'say which agent this server speaks for: --agent NAME or CAIRN_AGENT=NAME (it is the actor of every write and the only user/NAME/ space it may write)',
    );
  const parsed = AgentName.safeParse(name);
  if (!parsed.success) throw new UsageError(`--agent "${name}": ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

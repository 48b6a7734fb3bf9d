// The contract as MCP tools, for one caller: `cairn mcp` over stdio (the server's --agent or
// CAIRN_AGENT) and /mcp on `cairn serve` (the token's agent, or a person on loopback without
// tokens). An agent caller is the actor of its writes, the only user/ space it may write, the asker
// recorded with its recall and expert queries. Every call goes through `dispatch`, so the
// arguments are checked once, as over HTTP.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../../shared/caller.ts';
import { dispatch, type CairnService } from '../../shared/dispatch.ts';
import { clipped, type CairnError } from '../../shared/errors.ts';
import { MAX_ERROR_CHARS } from '../../shared/limits.ts';
import { inputSchema, toolsFor } from './tools.ts';

export const SERVER_INFO = { name: 'cairn', version: '0.1.0' } as const;

export function mcpServer(service: CairnService, caller: Caller): Server {
  const who = caller.kind === 'agent' ? `You are agent "${caller.agent}".` : 'You are a person on this machine: name the actor of a write (actor).';
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: `Cairn is the wiki your team of agents shares. ${who} Search it (wiki_search, knowledge_recall) before solving a problem, write up what you learn (wiki_write), and report with record_outcome whether an answer helped.`,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: toolsFor(caller).map(([name, tool]) => ({ name, description: tool.description, inputSchema: inputSchema(tool) })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const name = request.params.name;
    const tool = toolsFor(caller).find(([n]) => n === name)?.[1];
    if (!tool)
      return failure(
        `no tool "${clipped(name, 200)}"; tools: ${toolsFor(caller)
          .map(([n]) => n)
          .join(', ')}`,
      );
    const args = request.params.arguments ?? {};
    const { method, input } = tool.route ? tool.route(args, caller) : { method: tool.method, input: args };
    const outcome = await dispatch(service, method, input, caller);
    if (!outcome.ok) return failure(describe(outcome.error));
    const answer = (tool.toAnswer ? tool.toAnswer(outcome.value, args) : outcome.value) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(answer, null, 2) }], structuredContent: answer };
  });
  return server;
}

export async function serveMcp(service: CairnService, caller: Caller, transport: Transport): Promise<Server> {
  const server = mcpServer(service, caller);
  await server.connect(withBoundedErrors(transport));
  return server;
}

/**
 * `transport`, its JSON-RPC errors cut to MAX_ERROR_CHARS as it sends them. The SDK checks a
 * request's params itself (`initialize`'s client info, any method's) and answers a failed check
 * with every zod issue as JSON: a request of 1 MB listing 100,000 bad items made an answer of 26 MB.
 * Cut here, every error the SDK or a handler sends is bounded, whichever way it came.
 */
export function withBoundedErrors<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(boundedError(message), options);
  return transport;
}

function boundedError(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || !message.error) return message;
  const { data, ...error } = message.error;
  const text = clipped(error.message);
  // `data` is the SDK's or a handler's detail: kept when small, else left out
  const small = data === undefined || (JSON.stringify(data)?.length ?? 0) <= MAX_ERROR_CHARS;
  return { ...message, error: { ...error, message: text, ...(small && data !== undefined ? { data } : {}) } };
}

/** The error as the agent reads it: its code, what is wrong, for refused links the missing keys, and
 * for a write refused for its base the page's current hash (to send as baseHash) and body (to merge into). */
function describe(e: CairnError): string {
  const lines = [`${e.code}: ${e.message}`];
  if (e.missing.length) lines.push(`missing: ${e.missing.join(', ')}`);
  if (e.current) lines.push(`currentHash: ${e.current.hash}`);
  // the body is what a body write merges into; the whole text only when frontmatter makes it differ
  if (e.current?.body !== undefined) lines.push(`currentBody:\n${e.current.body}`);
  if (e.current?.text !== undefined && e.current.text !== e.current.body) lines.push(`currentText:\n${e.current.text}`);
  return lines.join('\n');
}

function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

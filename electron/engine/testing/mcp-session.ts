// `cairn mcp` processes as agents meet them: each a real child process, spoken to by the MCP
// SDK's own stdio client, over one database and one set of roots.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI } from './cairn-process.ts';

export interface McpAgents {
  /** A new `cairn mcp --agent NAME` process and a client connected to it. */
  start(agent: string): Promise<Client>;
  /** Closes every client (which ends its process). */
  closeAll(): Promise<void>;
}

/** `args`: what follows `cairn mcp --agent NAME` (e.g. --db, --no-watch, the roots). */
export function mcpAgents(args: string[], env: NodeJS.ProcessEnv): McpAgents {
  const open: Client[] = [];
  return {
    async start(agent) {
      const client = new Client({ name: `client-of-${agent}`, version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [CLI, 'mcp', '--agent', agent, ...args],
          env: env as Record<string, string>,
          stderr: 'ignore',
        }),
      );
      open.push(client);
      return client;
    },
    async closeAll() {
      await Promise.all(open.splice(0).map((c) => c.close()));
    },
  };
}

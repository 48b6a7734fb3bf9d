// MCP over Streamable HTTP: POST /mcp on `cairn serve`, for agents on other machines (Claude Code,
// Codex, any client that speaks Streamable HTTP with a bearer token). The same tools as `cairn mcp`
// (one `mcpServer`, one tool table), run as the caller `serve` found for the request: the token's
// agent, or a person on loopback without tokens. `serve` has already applied the Host/Origin guard
// and the token before this runs; here the body is read under the HTTP API's own rules (JSON only,
// the same size limit) and handed to the SDK's own transport.
//
// Stateless: a new server and transport for every request, no Mcp-Session-Id. The SDK's guidance
// for servers behind a load balancer is stateless mode when no state must outlive a request, since
// any instance can then answer any request, with no session affinity and nothing lost when one
// restarts; and Cairn's tools keep none (every call is one `dispatch`; the wiki and the index hold
// the state), nor do they send the client anything unasked. So there is no session stream: GET and
// DELETE answer 405, as the specification allows. JSON answers rather than an SSE stream for the
// same reason: a tool call has one answer and nothing to stream before it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Caller } from '../../shared/caller.ts';
import type { CairnService } from '../../shared/dispatch.ts';
import { NO_BODY, readJson, refuse } from '../server/http-api.ts';
import { serveMcp } from './mcp-server.ts';

export const MCP_PATH = '/mcp';

/** Answers one request to /mcp as `caller`: a JSON-RPC message (or batch) in, its answer out. */
export async function handleMcpHttp(service: CairnService, req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
  if (req.method !== 'POST') {
    return refuse(
      res,
      'method-not-allowed',
      'MCP here is stateless: POST /mcp with a JSON-RPC message; there is no session stream to GET or session to DELETE',
      { allow: 'POST' },
    );
  }
  const message = await readJson(req, res);
  if (message === NO_BODY) return;
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const server = await serveMcp(service, caller, transport);
  // the pair lives as long as this one exchange
  res.on('close', () => void server.close());
  await transport.handleRequest(req, res, message);
}

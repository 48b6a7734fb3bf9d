// Who is calling, for the agent doors (MCP, the HTTP wiki API with tokens). An agent's identity
// comes from the server's configuration or its token, never from the request: it is the actor of
// every write it makes, and the only user/<agent>/ space it may write. People (the desktop app,
// the CLI, the served UI on loopback) keep the requests as they are.
import { contract, type MethodName } from './contract.ts';
import { CairnError } from './errors.ts';

export type Caller = { kind: 'person' } | { kind: 'agent'; agent: string };

/** The caller of a door with no agent identity: the desktop app, the CLI, the served UI on loopback. */
export const PERSON: Caller = { kind: 'person' };

const forbidden = (message: string) => new CairnError('forbidden', message);

/** Whether this caller may call the method at all (its rules, contract.ts): what a door offers it. */
export function mayCall(caller: Caller, name: MethodName): boolean {
  return caller.kind === 'person' || contract[name].rules.callers === 'agent';
}

/** The request fields a door fills in from an agent's identity, never from what it sends: the actor of
 * a write it makes, the asker of what it asks. */
export function fieldsFromAgent(name: MethodName): string[] {
  const { asAgent } = contract[name].rules;
  return asAgent === 'acts' ? ['actor'] : asAgent === 'claims' ? ['actor', 'agent'] : asAgent === 'asks' ? ['agent'] : [];
}

/** The request as this caller may send it: an agent's writes carry its name as the actor and stay
 * in the shared space or its own; anything else is refused with a sentence that says why. */
export function asCaller(caller: Caller, name: MethodName, input: unknown): unknown {
  if (caller.kind === 'person') return input;
  const { agent } = caller;
  // what the agent may do, and how its request is bound to it, is the contract's (MethodRules)
  const { callers, asAgent } = contract[name].rules;
  if (callers === 'person') throw forbidden(`${name}: only a person may do this (in the desktop app or the CLI); agent "${agent}" may not`);
  const request = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const seenIn = typeof asAgent === 'object' ? asAgent.sees : null;
  if (asAgent === 'asks' || seenIn === 'agent') {
    refuseOther(name, agent, request.agent);
    return { ...request, agent: seenIn && request.agent === null ? null : agent };
  }
  // a search sees the shared space and the agent's own (its pages shadowing shared ones), never all spaces
  if (seenIn === 'filters') {
    const filters = (request.filters && typeof request.filters === 'object' ? request.filters : {}) as Record<string, unknown>;
    refuseOther(name, agent, filters.agent);
    return { ...request, filters: { ...filters, agent } };
  }
  // the graph's centre and a walk's seed are read as the agent too (a query seed searches as it)
  if (seenIn && request[seenIn] && typeof request[seenIn] === 'object') {
    const at = request[seenIn] as Record<string, unknown>;
    refuseOther(name, agent, at.agent);
    return { ...request, [seenIn]: { ...at, agent: at.agent === null && 'key' in at ? null : agent } };
  }
  // a claim is the agent's own: whoever the body names, it is registered as the token's agent or refused
  if (asAgent === 'claims') {
    refuseOther(name, agent, request.agent);
    refuseOtherActor(name, agent, request.actor);
    return { ...request, agent, actor: agent };
  }
  if (asAgent !== 'acts') return input;
  refuseOtherActor(name, agent, request.actor);
  const space = request.agent;
  if (space !== undefined && space !== null && space !== agent)
    throw forbidden(`${name}: agent "${agent}" may write only the shared space and user/${agent}/, not user/${String(space)}/`);
  if (typeof request.path === 'string') assertOwnPath(name, agent, request.path);
  return { ...request, actor: agent };
}

function refuseOtherActor(name: MethodName, agent: string, actor: unknown): void {
  if (actor !== undefined && actor !== agent) throw forbidden(`${name}: you act as agent "${agent}"; "actor" may not name anyone else (leave it out)`);
}

function refuseOther(name: MethodName, agent: string, asked: unknown): void {
  if (asked !== undefined && asked !== null && asked !== agent)
    throw forbidden(`${name}: you ask as agent "${agent}"; "agent" may not name anyone else (leave it out)`);
}

/** A new page's path may not land in another agent's user/ folder, however it is spelled. */
function assertOwnPath(name: MethodName, agent: string, path: string): void {
  const parts: string[] = [];
  for (const part of path.replaceAll('\\', '/').split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  if (parts[0]?.toLowerCase() === 'user' && parts.length > 1 && parts[1] !== agent) {
    throw forbidden(`${name}: agent "${agent}" may write only the shared space and user/${agent}/, not ${parts.slice(0, 2).join('/')}/`);
  }
}

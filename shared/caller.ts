// Who is calling, for the agent doors (MCP, the HTTP wiki API with tokens). An agent's identity
// comes from the server's configuration or its token, never from the request: it is the actor of
// every write it makes, and the only user/<agent>/ space it may write. People (the desktop app,
// the CLI, the served UI on loopback) keep the requests as they are.
import type { MethodName } from './contract.ts';
import { CairnError } from './errors.ts';

export type Caller = { kind: 'person' } | { kind: 'agent'; agent: string };

/** The caller of a door with no agent identity: the desktop app, the CLI, the served UI on loopback. */
export const PERSON: Caller = { kind: 'person' };

/** Decisions a person makes about agents' work: an agent may not approve its own claim or undo another's write. */
export const PERSON_ONLY: readonly MethodName[] = ['decideSkill', 'undo', 'reindex', 'consolidate'];

/** Methods whose request names whose space is written (`agent`) and who writes (`actor`). */
const SCOPED_WRITES: readonly MethodName[] = ['writePage', 'reviewPage', 'archivePage', 'fixLink', 'registerSkill'];

/** Methods that record who asked (`agent`): an agent's own name, whatever the request says. */
const ASKING: readonly MethodName[] = ['knowledgeRecall', 'knowledgeExpert', 'recordOutcome'];

/** Reads that name whose space is seen (`agent`; null: the shared space only). Another agent's space
 * is private to it (DESIGN.md, who sees what): an agent reads as itself or the shared space. */
const VIEWING: readonly MethodName[] = ['getPage', 'sourceChanges', 'suggestTargets'];

const forbidden = (message: string) => new CairnError('forbidden', message);

/** The request as this caller may send it: an agent's writes carry its name as the actor and stay
 * in the shared space or its own; anything else is refused with a sentence that says why. */
export function asCaller(caller: Caller, name: MethodName, input: unknown): unknown {
  if (caller.kind === 'person') return input;
  const { agent } = caller;
  if (PERSON_ONLY.includes(name)) throw forbidden(`${name}: only a person may do this (in the desktop app or the CLI); agent "${agent}" may not`);
  const request = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  if (ASKING.includes(name) || VIEWING.includes(name)) {
    refuseOther(name, agent, request.agent);
    return { ...request, agent: VIEWING.includes(name) && request.agent === null ? null : agent };
  }
  // a search sees the shared space and the agent's own (its pages shadowing shared ones), never all spaces
  if (name === 'search') {
    const filters = (request.filters && typeof request.filters === 'object' ? request.filters : {}) as Record<string, unknown>;
    refuseOther(name, agent, filters.agent);
    return { ...request, filters: { ...filters, agent } };
  }
  // the graph's centre and a walk's seed are read as the agent too (a query seed searches as it)
  const centre = name === 'graph' ? 'around' : name === 'recall' ? 'seed' : null;
  if (centre && request[centre] && typeof request[centre] === 'object') {
    const at = request[centre] as Record<string, unknown>;
    refuseOther(name, agent, at.agent);
    return { ...request, [centre]: { ...at, agent: at.agent === null && 'key' in at ? null : agent } };
  }
  if (!SCOPED_WRITES.includes(name)) return input;
  if (request.actor !== undefined && request.actor !== agent) throw forbidden(`${name}: you act as agent "${agent}"; "actor" may not name anyone else (leave it out)`);
  const space = request.agent;
  if (space !== undefined && space !== null && space !== agent) throw forbidden(`${name}: agent "${agent}" may write only the shared space and user/${agent}/, not user/${String(space)}/`);
  if (typeof request.path === 'string') assertOwnPath(name, agent, request.path);
  return { ...request, actor: agent };
}

function refuseOther(name: MethodName, agent: string, asked: unknown): void {
  if (asked !== undefined && asked !== null && asked !== agent) throw forbidden(`${name}: you ask as agent "${agent}"; "agent" may not name anyone else (leave it out)`);
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

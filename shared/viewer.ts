// Who reads, as the one visibility rule sees it (README, "Who sees what"): an agent sees the shared
// space and its own user/<agent>/ (its pages shadowing shared ones of the same key); another
// agent's space is private to that agent. A person (the app, loopback without tokens, the CLI)
// sees everything, or views as the agent the request names. `dispatch` derives the viewer once,
// from the caller, so no door can forget it.
import type { Caller } from './caller.ts';

/** `agent: null`: a person seeing every space. */
export interface Viewer {
  agent: string | null;
}

/** A person seeing every space. */
export const EVERYONE: Viewer = { agent: null };

/** The viewer of a call: an agent is itself whatever it asks; a person views as the agent the
 * request names (`agent`, `filters.agent`, `around.agent`, `seed.agent`), else sees everything. */
export function viewerOf(caller: Caller, request: unknown): Viewer {
  if (caller.kind === 'agent') return { agent: caller.agent };
  return { agent: namedAgent(request) };
}

function namedAgent(request: unknown): string | null {
  if (!request || typeof request !== 'object') return null;
  const r = request as Record<string, unknown>;
  for (const at of [r, r.filters, r.around, r.seed]) {
    const agent = at && typeof at === 'object' ? (at as Record<string, unknown>).agent : undefined;
    if (typeof agent === 'string' && agent !== '') return agent;
  }
  return null;
}

/** Whether a key read in `agent`'s spaces (null: the shared space only) may name this page, shadowing
 * aside (the ordering chooses the agent's own): the rule's scope part for pages already in memory
 * (link resolution); queries apply the whole rule in the store (store/visibility.ts). */
export function inSpacesOf(agent: string | null, page: { scope: 'global' | 'user'; agent: string | null }): boolean {
  return page.scope !== 'user' || page.agent === agent;
}

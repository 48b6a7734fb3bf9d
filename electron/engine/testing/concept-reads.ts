// For tests: every read of ConceptRepo and RegistryRepo, asked with the same arguments, so the
// answers of two stores (twin-stores.ts, or an index and its copy) are compared whole. Lists are
// passed as a probe gives them: out of order, repeated, naming what is not there.
import type { Viewer } from '../../../shared/viewer.ts';
import type { RegistrationFilter } from '../store/registry.ts';
import type { Store } from '../store/store.ts';

export interface ConceptProbe {
  norms: string[];
  pageIds: number[];
  viewers: Viewer[];
  /** fan-outs the graph lane's steps are asked with */
  fanouts: number[];
}

export interface RegistryProbe {
  filters: RegistrationFilter[];
  ids: number[];
  claims: [agent: string, skill: string][];
  skills: string[];
  citations: [pageId: number, agent: string][];
  agents: string[];
  evidence: [root: string, rel: string][];
}

/** Maps as their entries, so a difference shows in a deep-equal's diff. */
const plain = (m: Map<string, unknown> | null) => (m ? [...m] : m);

export async function conceptReads(s: Store, p: ConceptProbe): Promise<Record<string, unknown>> {
  const c = s.concepts;
  const out: Record<string, unknown> = {
    byMentions: await c.byMentions(),
    generation: await c.generation(),
    forms: await c.forms(),
    dirtyNames: await c.dirtyNames(),
    allNames: await c.names(null),
    names: await c.names(p.norms),
    allConcepts: await c.concepts(null),
    concepts: await c.concepts(p.norms),
    refreshState: await c.refreshState(),
    goneMentions: await c.goneMentions(),
    pagesReached: await c.pagesReached(p.norms, [...p.norms].reverse()),
    unsignedPages: await c.unsignedPages(),
    signatureCount: await c.signatureCount(),
    allSignatures: await c.signaturesSince(-1),
    signaturesSince: await c.signaturesSince(2),
    allSelfNames: await c.selfNames(null),
    selfNames: await c.selfNames(p.pageIds),
    allProse: await c.prose(null),
    prose: await c.prose(p.pageIds),
    mentionRows: await c.mentionRows(p.pageIds),
    allMentions: await c.mentionsOf(null),
    mentionsOf: await c.mentionsOf(p.pageIds),
  };
  for (const norm of p.norms) {
    out[`of ${norm}`] = {
      pagesOf: await c.pagesOf(norm, 2),
      allPagesOf: await c.pagesOf(norm, 1000),
      formsOf: await c.formsOf([norm]),
      keyOrAliasPages: await c.keyOrAliasPages([norm]),
      nameOf: await c.nameOf(norm),
      pagesNaming: await c.pagesNaming(norm),
    };
  }
  for (const id of p.pageIds) {
    out[`page ${id}`] = {
      keysAndAliases: await c.keysAndAliases([id]),
      ofPage: await c.ofPage(id),
      mentionedBy: await c.mentionedBy(id),
      taggedBy: await c.taggedBy(id),
    };
  }
  for (const v of p.viewers) {
    out[`seen by ${v.agent}`] = [plain(await c.seenBy(v)), plain(await c.seenBy(v, p.norms))];
    for (const fanout of p.fanouts)
      out[`shared for ${v.agent} within ${fanout}`] = [await c.sharedWith(p.pageIds, fanout, v), await c.sharedWith(p.pageIds.slice(0, 2), fanout, v)];
    out[`shared for ${v.agent} from none`] = await c.sharedWith([], 3, v);
  }
  return out;
}

export async function registryReads(s: Store, p: RegistryProbe): Promise<Record<string, unknown>> {
  const r = s.registry;
  const out: Record<string, unknown> = {
    all: await r.registrations({}),
    agents: await r.agents(),
    problems: await r.problems(),
    agentSpaces: await r.agentSpaces(),
    claimedEvidence: await r.claimedEvidence(),
  };
  for (const f of p.filters) out[`registrations ${JSON.stringify(f)}`] = await r.registrations(f);
  for (const id of p.ids) out[`claim ${id}`] = await r.claimToDecide(id);
  for (const [agent, skill] of p.claims) out[`claimId ${agent} ${skill}`] = await r.claimId(agent, skill);
  for (const skill of p.skills) out[`pending ${skill}`] = await r.pendingFor(skill);
  for (const [page, agent] of p.citations) out[`citations ${page} ${agent}`] = await r.citations(page, agent);
  for (const agent of p.agents) out[`root ${agent}`] = await r.agentRoot(agent);
  for (const [root, rel] of p.evidence) out[`evidence ${root} ${rel}`] = await r.evidenceAt(root, rel);
  return out;
}

// The one way into Cairn: every door (Electron IPC, HTTP, MCP, the CLI) hands a method name and
// whatever input it received to `dispatch`, which parses it once against the contract's schema
// (limits included), applies the method's rules (who may call it, a write needs a writable index)
// and calls the service with typed input; a failure comes back as the service explains it. The
// engine never parses a request, nor checks by hand who calls or whether it may write.
import type { z } from 'zod';
import { contract, type Contract, type CairnApi, type MethodName, type Response } from './contract.ts';
import { asCaller, PERSON, type Caller } from './caller.ts';
import { viewerOf, type Viewer } from './viewer.ts';
import { asCairnError, BadRequest, CairnError, type ErrorBody, errorBody } from './errors.ts';

/** A request as the service receives it: parsed, defaults filled in. */
export type Parsed<M extends MethodName> = z.output<Contract[M]['request']>;

/** What `dispatch` asks of the service around every call, as a method's rules require. */
export interface ServiceGuards {
  /** Throws the service's refusal (`read-only`) when its index cannot be written now. */
  assertWritable(): void;
  /** A failure as a caller should read it: e.g. a damaged or locked index named, with what to do. */
  explainError(err: unknown): unknown;
}

/** What implements the contract (the engine): typed input only, who calls (the write protocol
 * asks more of an agent than of a person) and who reads (every read answers as that viewer sees). */
export type CairnService = ContractMethods & ServiceGuards;
type ContractMethods = { [M in MethodName]: (request: Parsed<M>, caller: Caller, viewer: Viewer) => Promise<Response<M>> };

export type Outcome<M extends MethodName> = { ok: true; value: Response<M> } | { ok: false; error: CairnError };

export function isMethod(name: string): name is MethodName {
  return Object.hasOwn(contract, name);
}

export function parseRequest<M extends MethodName>(name: M, input: unknown): Parsed<M> {
  const result = contract[name].request.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BadRequest(`${name}: bad "${issue.path.join('.') || 'request'}": ${issue.message}`);
  }
  refuseNul(name, result.data, []);
  return result.data as Parsed<M>;
}

/** No field of any request holds a NUL: no page has one (the reader takes a file with one for
 * binary), and the PostgreSQL index cannot store or search for one. Named by field and byte. */
function refuseNul(name: string, value: unknown, at: (string | number)[]): void {
  if (typeof value === 'string') {
    const i = value.indexOf('\0');
    if (i >= 0)
      throw new BadRequest(
        `${name}: bad "${at.join('.') || 'request'}": it has a NUL character at byte ${new TextEncoder().encode(value.slice(0, i)).length}, which no page holds; nothing was done`,
      );
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => refuseNul(name, v, [...at, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) refuseNul(name, v, [...at, k]);
  }
}

/** Parses and runs one call; never throws: a refusal or a failure is an outcome with a typed error. */
export async function dispatch<M extends MethodName>(service: CairnService, name: M, input: unknown, caller: Caller = PERSON): Promise<Outcome<M>> {
  try {
    if (!isMethod(name)) throw new BadRequest(`no such method "${String(name)}"; methods: ${Object.keys(contract).join(', ')}`);
    const request = parseRequest(name, asCaller(caller, name, input));
    const run = (service as ContractMethods)[name] as (r: Parsed<M>, c: Caller, v: Viewer) => Promise<Response<M>>;
    // the caller becomes the viewer here, once, so no door can forget whose spaces a read may show
    const viewer = viewerOf(caller, request);
    return { ok: true, value: await guarded(service, effectOf(name, request), () => run.call(service, request, caller, viewer)) };
  } catch (err) {
    return { ok: false, error: asCairnError(err) };
  }
}

/** Whether this call writes: a write's dry run (`dryRun: true`) writes nothing. */
function effectOf(name: MethodName, request: unknown): 'read' | 'write' {
  const dryRun = (request as { dryRun?: unknown }).dryRun === true;
  return contract[name].rules.effect === 'write' && !dryRun ? 'write' : 'read';
}

/** Runs `work` as the service runs a contract method: a write refused on an index it cannot write
 * before it starts, any failure explained. The engine's own handles outside the contract
 * (engine-api.ts) go through it too. */
export async function guarded<T>(service: ServiceGuards, effect: 'read' | 'write', work: () => T | Promise<T>): Promise<T> {
  try {
    if (effect === 'write') service.assertWritable();
    return await work();
  } catch (err) {
    throw service.explainError(err);
  }
}

/** The outcome as an IPC or HTTP body carries it. */
export function outcomeBody<M extends MethodName>(outcome: Outcome<M>): { ok: true; value: Response<M> } | ({ ok: false } & ErrorBody) {
  return outcome.ok ? outcome : { ok: false, ...errorBody(outcome.error) };
}

/** The service as a client calls it: raw input in, typed answer out, a CairnError thrown on refusal. */
export function bindApi(service: CairnService, caller: Caller = PERSON): CairnApi {
  const call = (name: MethodName) => async (input: unknown) => {
    const outcome = await dispatch(service, name, input, caller);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };
  return Object.fromEntries((Object.keys(contract) as MethodName[]).map((name) => [name, call(name)])) as unknown as CairnApi;
}

// The one way into Cairn: every door (Electron IPC, HTTP, MCP, the CLI) hands a method name and
// whatever input it received to `dispatch`, which parses it once against the contract's schema
// (limits included) and calls the service with typed input. The engine never parses a request.
import type { z } from 'zod';
import { contract, type Contract, type CairnApi, type MethodName, type Response } from './contract.ts';
import { asCaller, PERSON, type Caller } from './caller.ts';
import { asCairnError, BadRequest, CairnError, type ErrorBody, errorBody } from './errors.ts';

/** A request as the service receives it: parsed, defaults filled in. */
export type Parsed<M extends MethodName> = z.output<Contract[M]['request']>;

/** What implements the contract (the engine): typed input only, and who calls (the write protocol
 * asks more of an agent than of a person). */
export type CairnService = { [M in MethodName]: (request: Parsed<M>, caller: Caller) => Promise<Response<M>> };

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
  return result.data as Parsed<M>;
}

/** Parses and runs one call; never throws: a refusal or a failure is an outcome with a typed error. */
export async function dispatch<M extends MethodName>(service: CairnService, name: M, input: unknown, caller: Caller = PERSON): Promise<Outcome<M>> {
  try {
    if (!isMethod(name)) throw new BadRequest(`no such method "${String(name)}"; methods: ${Object.keys(contract).join(', ')}`);
    const request = parseRequest(name, asCaller(caller, name, input));
    const run = service[name] as (r: Parsed<M>, c: Caller) => Promise<Response<M>>;
    return { ok: true, value: await run.call(service, request, caller) };
  } catch (err) {
    return { ok: false, error: asCairnError(err) };
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

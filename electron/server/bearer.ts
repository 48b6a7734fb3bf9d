// Who is calling the HTTP API. Without tokens the server listens on loopback only and a request is
// a person's (the served UI, a script on this machine); with tokens every /api request must carry
// `Authorization: Bearer <token>`, and runs as the one agent that token is given to.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PERSON, type Caller } from '../../shared/caller.ts';
import type { Refusal } from './request-guard.ts';

export type Authenticate = (req: IncomingMessage) => { caller: Caller } | Refusal;

/** The caller a request speaks for, or a 401 saying why not. No tokens: every request is a person's. */
export function bearerAuth(tokens: Readonly<Record<string, string>>): Authenticate {
  // compare digests, so that neither the length nor the bytes of a known token leak through timing
  const known = Object.entries(tokens).map(([token, agent]) => ({ digest: digest(token), agent }));
  if (!known.length) return () => ({ caller: PERSON });
  return (req) => {
    const header = req.headers.authorization;
    const m = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
    if (!m)
      return {
        code: 'unauthorized',
        error: 'this server needs a token: send "Authorization: Bearer <token>" (tokens come from CAIRN_TOKENS or the config file\'s "tokens")',
      };
    const offered = digest(m[1]!);
    let agent: string | null = null;
    // look at every token whatever matches, so the time taken does not say which one did
    for (const k of known) if (crypto.timingSafeEqual(k.digest, offered) && agent === null) agent = k.agent;
    if (agent === null) return { code: 'unauthorized', error: 'unknown token: nothing was done' };
    return { caller: { kind: 'agent', agent } };
  };
}

function digest(token: string): Buffer {
  return crypto.createHash('sha256').update(token, 'utf8').digest();
}

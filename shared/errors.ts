// The errors every door knows how to answer, typed by a code rather than told apart by their
// prose: HTTP maps a code to a status, MCP and IPC pass it along, the CLI prints the message.
// Kept apart from the schemas (no zod here) so the sandboxed preload can bundle it.

import { MAX_ERROR_CHARS } from './limits.ts';

/** The most missing keys one refusal lists: a writer creates or fixes those and writes again. */
const MAX_MISSING_KEYS = 200;

// One code a line, so that codes added side by side merge cleanly.
export const ERROR_CODES = [
  'bad-request',
  'not-found',
  'method-not-allowed',
  'conflict',
  // an agent replaced a page's body without naming the version it read (baseHash)
  'precondition-required',
  'missing-refs',
  'invalid-page',
  'read-only',
  'unauthorized',
  'forbidden',
  'too-large',
  'unsupported-media-type',
  // another process holds the database: nothing was done, try again shortly
  'busy',
  // the index file is damaged: the message says what to do
  'damaged',
  // the database server (PostgreSQL) cannot be reached: nothing was done, try again when it is back
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes that tell the state of the machine (the database, the server), not a mistake in the request. */
export const STATE_CODES: readonly ErrorCode[] = ['read-only', 'busy', 'damaged', 'unavailable', 'internal'];

/** What crosses a door when a call fails: the code, a sentence naming what is wrong, and for a
 * write refused for its links, the keys that name no page. */
export interface ErrorBody {
  code: ErrorCode;
  error: string;
  missing?: string[];
  /** For a write refused for its base hash: the hash of the file now (null: there is none). */
  currentHash?: string | null;
  /** For a write refused as a conflict: the file's whole text now. */
  currentText?: string;
  /** Its body, as a read shows it (after the frontmatter, LF line endings): what a body write merges into. */
  currentBody?: string;
}

/** What a page's file holds now, handed to a writer whose base was missing or stale so it can merge and retry. */
export interface CurrentVersion {
  hash: string | null;
  text?: string | undefined;
  body?: string | undefined;
  /** The file is larger than this page size limit (bytes): its text is left out of the answer. */
  larger?: number | undefined;
}

export class CairnError extends Error {
  /** For a write refused for its links: the keys that name no page (the first MAX_MISSING_KEYS). */
  readonly missing: string[];

  constructor(
    readonly code: ErrorCode,
    message: string,
    missing: string[] = [],
    options?: ErrorOptions,
  ) {
    super(clipped(message), options);
    this.name = 'CairnError';
    // a link's target is what the body says: a key no page may have (over 1000 characters) is named by its start
    this.missing = missing.slice(0, MAX_MISSING_KEYS).map((key) => clipped(key, 1000));
  }

  /** Set on a write refused for its base (conflict, precondition-required). */
  current: CurrentVersion | null = null;
}

/** `text` cut to MAX_ERROR_CHARS, saying how much was left out: an error may quote what a request
 * sent (a name, a path), and no request makes an answer of megabytes that way. */
export function clipped(text: string, max = MAX_ERROR_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters left out)`;
}

/** A request the contract rejects: the door answers with this message, naming the field. */
export class BadRequest extends CairnError {
  constructor(message: string) {
    super('bad-request', message);
    this.name = 'BadRequest';
  }
}

export class NotFound extends CairnError {
  constructor(message: string) {
    super('not-found', message);
    this.name = 'NotFound';
  }
}

/** The file changed since the writer read it: nothing was written, and nothing of either side is lost.
 * Given what the file holds now, the answer carries it, so the writer merges without another read. */
export class WriteConflict extends CairnError {
  constructor(file: string, message?: string, current: CurrentVersion | null = null) {
    const what = message ?? `${file} changed since you read it (another writer, an editor or a pull): nothing was written`;
    super('conflict', current ? `${what}. ${mergeHint(current)}` : (message ?? `${what}; read it again and reapply your change`));
    this.name = 'WriteConflict';
    this.current = current;
  }
}

function mergeHint(current: CurrentVersion): string {
  if (current.hash === null) return 'There is no such file now (currentHash null): to create it anew, write again with baseHash null';
  if (current.larger !== undefined)
    return `It is larger than the page size limit (${current.larger} bytes), so its text is not in this answer; its current hash is currentHash: to replace it, write again with baseHash set to currentHash`;
  if (current.body === undefined) return 'Its current hash is currentHash in this answer (it is not a text page Cairn rewrites)';
  return 'Its current hash is currentHash in this answer, its text currentText and its body currentBody: merge your change into currentBody and write again with baseHash set to currentHash';
}

/** An agent replaced a page's body without naming the version it read: nothing was written. */
export class PreconditionRequired extends CairnError {
  constructor(file: string, hash: string) {
    super(
      'precondition-required',
      `${file} exists: an agent replacing its body must send baseHash, the hash of the version it read (every read returns it as "hash"), so an editor's or another agent's change is never overwritten unseen; nothing was written. Its current hash is currentHash in this answer: read the page, merge your change and write with baseHash. (Frontmatter-only edits need no baseHash.)`,
    );
    this.name = 'PreconditionRequired';
    this.current = { hash };
  }
}

/** A write whose refs or links name pages that do not exist: nothing was written. */
export class MissingRefs extends CairnError {
  constructor(message: string, missing: string[]) {
    super('missing-refs', message, missing);
    this.name = 'MissingRefs';
  }
}

/** A write whose page the indexer would not read as written (frontmatter YAML it cannot parse):
 * nothing was written; the message names the YAML error and its line. */
export class InvalidPage extends CairnError {
  constructor(message: string) {
    super('invalid-page', message);
    this.name = 'InvalidPage';
  }
}

/** Any thrown value as a CairnError: ours keep their code, anything else is `internal`. */
export function asCairnError(err: unknown): CairnError {
  if (err instanceof CairnError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new CairnError('internal', message, [], { cause: err });
}

export function errorBody(err: unknown): ErrorBody {
  const e = asCairnError(err);
  const body: ErrorBody = { code: e.code, error: e.message };
  if (e.missing.length) body.missing = e.missing;
  if (e.current) body.currentHash = e.current.hash;
  if (e.current?.text !== undefined) body.currentText = e.current.text;
  if (e.current?.body !== undefined) body.currentBody = e.current.body;
  return body;
}

/** A client's view of an answered error (HTTP body, IPC envelope), as the error it was. */
export function errorFromBody(body: unknown, fallback: string): CairnError {
  const b = (body && typeof body === 'object' ? body : {}) as Partial<ErrorBody>;
  const code = (ERROR_CODES as readonly string[]).includes(b.code ?? '') ? b.code! : 'internal';
  const missing = Array.isArray(b.missing) ? b.missing.map(String) : [];
  const error = new CairnError(code, typeof b.error === 'string' ? b.error : fallback, missing);
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  if (typeof b.currentHash === 'string' || b.currentHash === null)
    error.current = { hash: b.currentHash, text: text(b.currentText), body: text(b.currentBody) };
  return error;
}

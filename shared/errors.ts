// The errors every door knows how to answer, typed by a code rather than told apart by their
// prose: HTTP maps a code to a status, MCP and IPC pass it along, the CLI prints the message.
// Kept apart from the schemas (no zod here) so the sandboxed preload can bundle it.

// One code a line, so that codes added side by side merge cleanly.
export const ERROR_CODES = [
  'bad-request',
  'not-found',
  'method-not-allowed',
  'conflict',
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
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes that tell the state of the machine (the database, the server), not a mistake in the request. */
export const STATE_CODES: readonly ErrorCode[] = ['read-only', 'busy', 'damaged', 'internal'];

/** What crosses a door when a call fails: the code, a sentence naming what is wrong, and for a
 * write refused for its links, the keys that name no page. */
export interface ErrorBody {
  code: ErrorCode;
  error: string;
  missing?: string[];
}

export class CairnError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly missing: string[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'CairnError';
  }
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

/** The file changed since the writer read it: nothing was written, and nothing of either side is lost. */
export class WriteConflict extends CairnError {
  constructor(file: string, message = `${file} changed since you read it (another writer, an editor or a pull): nothing was written; read it again and reapply your change`) {
    super('conflict', message);
    this.name = 'WriteConflict';
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
  return e.missing.length ? { code: e.code, error: e.message, missing: e.missing } : { code: e.code, error: e.message };
}

/** A client's view of an answered error (HTTP body, IPC envelope), as the error it was. */
export function errorFromBody(body: unknown, fallback: string): CairnError {
  const b = (body && typeof body === 'object' ? body : {}) as Partial<ErrorBody>;
  const code = (ERROR_CODES as readonly string[]).includes(b.code ?? '') ? b.code! : 'internal';
  const missing = Array.isArray(b.missing) ? b.missing.map(String) : [];
  return new CairnError(code, typeof b.error === 'string' ? b.error : fallback, missing);
}

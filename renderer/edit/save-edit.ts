// Saving an edit through the one write path agents use: the base is the version the editor opened
// with (or, after a merge, theirs), only a changed body and changed fields are sent, and a refusal
// comes back as what the editor shows — theirs to merge with, the links that go nowhere, the field
// the server named — never as a lost text.
import type { Page } from '../../shared/page.ts';
import { CairnError } from '../../shared/errors.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';
import type { EditBase } from './draft.ts';
import { fieldNamed } from './field-changes.ts';
import { fieldTexts } from './field-clashes.ts';

export interface Refusal {
  message: string;
  /** the field the server named, to show the message beside it */
  field: string | null;
}

/** The file as it is now, while merging: the next save's base, and its fields as the form writes them (null: unreadable). */
export interface Theirs extends EditBase {
  fields: Record<string, string> | null;
}

export type SaveOutcome =
  /** `afterward`: what the person must know of a write that landed (a conflict copy kept, indexing that failed) */
  { kind: 'saved'; afterward: string | null } | { kind: 'unchanged' } | { kind: 'conflict'; theirs: Theirs } | { kind: 'refused'; refusal: Refusal };

export async function saveEdit(page: Page, base: EditBase, text: string, changes: Record<string, unknown>): Promise<SaveOutcome> {
  const bodyChanged = text !== base.body;
  if (!bodyChanged && Object.keys(changes).length === 0) return { kind: 'unchanged' };
  try {
    const written = await cairn.writePage({
      key: page.key,
      agent: page.scope.agent,
      root: page.root,
      path: page.path,
      actor: APP_ACTOR,
      baseHash: base.hash,
      ...(bodyChanged ? { body: text } : {}),
      ...(Object.keys(changes).length ? { frontmatter: changes } : {}),
    });
    const copy = written.conflictCopy && `The file changed again as yours was written: what it held then is kept beside it as ${written.conflictCopy}.`;
    return { kind: 'saved', afterward: [copy, written.notice].filter(Boolean).join(' ') || null };
  } catch (err) {
    return refused(err);
  }
}

function refused(err: unknown): SaveOutcome {
  if (!(err instanceof CairnError)) return { kind: 'refused', refusal: { message: String(err), field: null } };
  const current = err.current;
  if (err.code === 'conflict' && current?.hash && current.body !== undefined)
    return {
      kind: 'conflict',
      theirs: { hash: current.hash, body: current.body, fields: current.text === undefined ? null : fieldTexts(current.text) },
    };
  if (err.code === 'missing-refs' && err.missing.length)
    return {
      kind: 'refused',
      refusal: {
        message: `Not saved: it links to ${err.missing.length === 1 ? 'a page that does not exist' : 'pages that do not exist'}: ${err.missing.join(', ')}. Your text is kept here; fix the link or create the page first.`,
        field: null,
      },
    };
  return { kind: 'refused', refusal: { message: err.message, field: err.code === 'bad-request' ? fieldNamed(err.message) : null } };
}

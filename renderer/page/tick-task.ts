// Ticking a task in place: a click on a task's checkbox in the page's own body (not an embed's)
// writes the page with exactly that line's `[ ]` turned to `[x]` or back, through writePage as any
// write goes: the hash the page was read with is the base, so when the page changed meanwhile
// nothing is written and the person is told, and the page is read again.
import type { Page } from '../../shared/page.ts';
import { CairnError } from '../../shared/errors.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';

/** A list item's marker and the task box after it, quote markers before it allowed. */
const TASK = /^(\s*(?:>\s*)*(?:[-+*]|\d+[.)])\s+\[)([ xX])(\])/;

/** The body with the task on 0-based `line` ticked (or unticked); null when that line is no task. */
export function toggledTask(body: string, line: number): string | null {
  const lines = body.split('\n');
  const text = lines[line];
  const match = text === undefined ? null : TASK.exec(text);
  if (!text || !match) return null;
  lines[line] = `${match[1]}${match[2] === ' ' ? 'x' : ' '}${match[3]}${text.slice(match[0].length)}`;
  return lines.join('\n');
}

export type TickOutcome = { ok: true } | { ok: false; message: string };

async function tick(page: Page, line: number): Promise<TickOutcome> {
  const body = toggledTask(page.body, line);
  if (body === null) return { ok: false, message: `Line ${line + 1} of the body is no task any more: nothing was written.` };
  try {
    await cairn.writePage({ key: page.key, agent: page.scope.agent, root: page.root, path: page.path, body, baseHash: page.hash, actor: APP_ACTOR });
    return { ok: true };
  } catch (err) {
    if (err instanceof CairnError && err.code === 'conflict')
      return { ok: false, message: 'The page changed since it was shown: nothing was written. It is shown again as it is now.' };
    return { ok: false, message: `The task could not be saved: ${(err as Error).message}` };
  }
}

/**
 * Makes the checkboxes of the page's own body clickable (the renderer draws every checkbox
 * disabled, so an embedded page's stay so). `done` gets each click's outcome; the page is then
 * read again by the caller, so the next click has the new hash as its base.
 */
export function enableTasks(box: HTMLElement, page: Page, done: (outcome: TickOutcome) => void): () => void {
  const boxes = [...box.querySelectorAll<HTMLInputElement>('input.task-list-item-checkbox[data-line]')].filter((b) => !b.closest('.embed'));
  for (const b of boxes) b.disabled = false;
  const onChange = (event: Event) => {
    const input = event.target as HTMLInputElement;
    if (!boxes.includes(input)) return;
    for (const b of boxes) b.disabled = true; // one write at a time: the next needs the hash this one makes
    void tick(page, Number(input.dataset.line)).then(done);
  };
  box.addEventListener('change', onChange);
  return () => box.removeEventListener('change', onChange);
}

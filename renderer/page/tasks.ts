// Tasks (`- [ ] open`, `- [x] done`) as markdown-it-task-lists draws them, plus what ticking one in
// place needs: the item's own text in a span of its own, so that a done task's strike-through
// does not reach the tasks nested under it (text-decoration reaches every descendant of the
// element it is set on), and on each checkbox the body line it stands for and the item's text as
// its name. The checkboxes are drawn disabled; the page view enables those of its own body
// (tick-task.ts), never an embed's.
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { inlineText } from '../../shared/markdown/inline-text.ts';

const CHECKBOX = '<input class="task-list-item-checkbox"';

function html(state: StateCore, content: string): Token {
  const token = new state.Token('html_inline', '', 0);
  token.content = content;
  return token;
}

function markTask(state: StateCore, inline: Token, escape: (s: string) => string): void {
  const [box, ...rest] = inline.children!;
  const line = inline.map?.[0];
  const name = inlineText(rest).trim();
  box!.content = box!.content.replace(CHECKBOX, `${CHECKBOX} data-line="${line ?? ''}" aria-label="${escape(name)}"`);
  inline.children = [box!, html(state, '<span class="task-text">'), ...rest, html(state, '</span>')];
}

/** markdown-it plugin, after markdown-it-task-lists: `md.use(taskLists).use(taskLines)`. */
export function taskLines(md: MarkdownIt): void {
  md.core.ruler.after('github-task-lists', 'task_lines', (state) => {
    for (const token of state.tokens) {
      const first = token.type === 'inline' ? token.children?.[0] : undefined;
      if (first?.type === 'html_inline' && first.content.startsWith(CHECKBOX)) markTask(state, token, md.utils.escapeHtml);
    }
  });
}

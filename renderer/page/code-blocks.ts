// Code fences highlighted by highlight.js in the language they name (its common languages), as
// Obsidian does; a fence naming none stays plain. highlight.js loads on the first page with code.
import DOMPurify from 'dompurify';
import '../styles/code-highlight.css';

const LANGUAGE = /(?:^|\s)language-([\w+#-]+)/;

export async function highlightCode(box: HTMLElement): Promise<void> {
  const blocks = [...box.querySelectorAll<HTMLElement>('pre > code')].filter((code) => {
    const lang = LANGUAGE.exec(code.className)?.[1];
    return lang && lang !== 'mermaid' && !code.classList.contains('hljs');
  });
  if (!blocks.length) return;
  const { default: hljs } = await import('highlight.js/lib/common');
  for (const code of blocks) {
    const language = LANGUAGE.exec(code.className)![1]!;
    if (!hljs.getLanguage(language)) continue;
    const { value } = hljs.highlight(code.textContent ?? '', { language, ignoreIllegals: true });
    code.replaceChildren(DOMPurify.sanitize(value, { RETURN_DOM_FRAGMENT: true }));
    code.classList.add('hljs');
  }
}

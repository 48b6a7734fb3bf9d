// The markdown a page is written in, as Obsidian reads it: CommonMark with wikilinks and embeds,
// task lists, ==highlights==, footnotes, $math$ (typeset by KaTeX here, as HTML and MathML),
// inline #tags, %%comments%% (hidden) and provenance comments (`<!-- from: … -->`) turned into
// visible notes. Code fences stay plain text here; code-blocks.ts highlights them and diagrams.ts
// draws Mermaid once the page is shown.
import katexModule from '@vscode/markdown-it-katex';
import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Md } from 'markdown-it';
import footnotes from 'markdown-it-footnote';
import mark from 'markdown-it-mark';
import taskLists from 'markdown-it-task-lists';
// KaTeX's stylesheet and its fonts, bundled with the app: math needs nothing from the network.
import 'katex/dist/katex.min.css';
import { wikilinks } from '../../shared/markdown/wikilinks.ts';
import { obsidianComments } from './comments.ts';
import { inlineTags } from './inline-tags.ts';
import { taskLines } from './tasks.ts';

// A CommonJS module compiled from TypeScript: an ES import sees its plugin as `.default` of the
// module (Node's rule, which Vite follows), though its types promise the plugin itself.
const katex = (katexModule as unknown as { default?: typeof katexModule }).default ?? katexModule;

const PROVENANCE = /<!--\s*from:\s*([\s\S]*?)\s*-->/g;
const HAS_PROVENANCE = /<!--\s*from:/;

function provenanceNotes(md: Md): void {
  const escape = md.utils.escapeHtml;
  const provenance = (html: string) =>
    html.replace(
      PROVENANCE,
      (_, from: string) => `<span class="provenance" data-from="${escape(from)}"><span class="provenance-label">from</span> ${escape(from)}</span>`,
    );
  const block = md.renderer.rules.html_block!;
  const inline = md.renderer.rules.html_inline!;
  md.renderer.rules.html_block = (tokens, idx, opts, env, self) => {
    const html = block(tokens, idx, opts, env, self);
    return HAS_PROVENANCE.test(html) ? `<p class="provenance-block">${provenance(html.trim())}</p>\n` : html;
  };
  md.renderer.rules.html_inline = (tokens, idx, opts, env, self) => provenance(inline(tokens, idx, opts, env, self));
}

export function createMarkdown(): Md {
  const md = new MarkdownIt({ html: true, linkify: true });
  md.use(wikilinks).use(obsidianComments).use(taskLists).use(taskLines).use(mark).use(footnotes).use(katex, { throwOnError: false });
  md.use(inlineTags);
  provenanceNotes(md);
  return md;
}

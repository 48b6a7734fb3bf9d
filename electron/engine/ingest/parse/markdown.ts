// The one markdown-it instance of the engine: building it compiles every rule chain, so it is
// made once per process and shared by every parse.
import MarkdownIt, { type Token } from 'markdown-it';
import { wikilinks } from '../../../../shared/markdown/wikilinks.ts';
import { sourcePositions } from './positions.ts';

const md = new MarkdownIt('default', {
  html: true, // comments must be HTML, so `<!-- [[x]] -->` is no link and `<!-- from: -->` is seen
  linkify: false, // bare URLs are not edges, and linkify is the slowest rule
  typographer: false, // plain text must keep the characters as written
});
md.use(wikilinks).use(sourcePositions);

export function tokenize(body: string): Token[] {
  return md.parse(body, {});
}

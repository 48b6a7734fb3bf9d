// Inline `#tags` as the parser indexes them, by Obsidian's rules (shared/markdown/tags.ts).
import { describe, expect, it } from 'vitest';
import { parsePage } from './page.ts';

const tagsOf = (text: string) => parsePage('p', 'p.md', text).tags;

describe('inline tags', () => {
  it('finds a # at the start or after whitespace, nested ones whole', () => {
    expect(tagsOf('#start of a line, then #project/alpha and (#paren) and #end.\n')).toEqual(['start', 'project/alpha', 'end']);
    expect(tagsOf('one\n#next-line #snake_case #café\n')).toEqual(['next-line', 'snake_case', 'café']);
  });

  it('needs a character that is not a digit', () => {
    expect(tagsOf('issue #1984 and #y1984 and #1st\n')).toEqual(['y1984', '1st']);
  });

  it('is no tag inside words, code, links, URLs, comments or a heading marker', () => {
    const text = [
      '# Title',
      '',
      'C#sharp and mail#box',
      '',
      '`#code` and [label #in-link](other#anchor) and [[page#Heading]] and http://x.org/#frag',
      '',
      '```',
      '#fenced',
      '```',
      '',
      '    #indented-code',
      '',
      '%%#in-comment%% and %%',
      '#multi-line comment',
      '%% #after',
      '',
    ].join('\n');
    expect(tagsOf(text)).toEqual(['after']);
  });

  it('counts a tag in a heading text, a list item and bold text', () => {
    expect(tagsOf('## Plans #todo\n\n- item #listed\n\n**#bold**\n')).toEqual(['todo', 'listed', 'bold']);
  });

  it('merges with frontmatter tags, deduplicated ignoring case, frontmatter first', () => {
    expect(tagsOf('---\ntags: [Project, idea]\n---\nBody #project and #new #IDEA\n')).toEqual(['Project', 'idea', 'new']);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DOCS = ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', ...fs.readdirSync('docs').map((f) => path.join('docs', f))].filter((f) => f.endsWith('.md'));

/** The relative links of a markdown text outside code: `[text](target)` and `![alt](target)`. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t) && !t.startsWith('#'));
}

describe('the docs link', () => {
  it.each(DOCS)('%s: every relative link leads to a file', (doc) => {
    const broken = relativeLinks(fs.readFileSync(doc, 'utf8')).filter((t) => !fs.existsSync(path.join(path.dirname(doc), t.split('#')[0]!)));
    expect(broken).toEqual([]);
  });
});

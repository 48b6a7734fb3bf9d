// A page's frontmatter block, found by its `---` fences: the engine reads and writes pages with it,
// and the app's editor reads the fields of a version that changed under it. Pure: no YAML parsing.

export interface FrontmatterBlock {
  /** The YAML between the fences. */
  yaml: string;
  /** File line of the YAML's first line (the line after the opening fence). */
  yamlLine: number;
  body: string;
  bodyLine: number;
}

const OPEN_FENCE = /^---[ \t]*$/;
const CLOSE_FENCE = /^(?:---|\.\.\.)[ \t]*$/;

const isFenceStart = (c: number): boolean => c === 0x2d /* - */ || c === 0x2e; /* . */

/** Splits LF text into frontmatter and body; null when the file does not open and close a fence. */
export function splitFrontmatter(text: string): FrontmatterBlock | null {
  if (!text.startsWith('---')) return null;
  let end = text.indexOf('\n');
  if (end < 0 || !OPEN_FENCE.test(text.slice(0, end))) return null;
  const yamlStart = end + 1;
  // Walk line by line instead of splitting: a 20 MB page must not become a 20 MB array.
  for (let start = yamlStart, line = 2; start <= text.length; line++) {
    end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (isFenceStart(text.charCodeAt(start)) && CLOSE_FENCE.test(text.slice(start, stop))) {
      return {
        yaml: text.slice(yamlStart, start),
        yamlLine: 2,
        body: end < 0 ? '' : text.slice(end + 1),
        bodyLine: line + 1,
      };
    }
    if (end < 0) break;
    start = end + 1;
  }
  return null;
}

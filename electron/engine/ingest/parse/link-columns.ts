// Where on its file line a link starts. markdown-it gives a link's offset in its block's inline
// source, which has lost what the block syntax took from each line (indentation, `> `, a list
// marker, a heading's `#`s, the other cells of a table row); the file line still holds each source
// line whole, so the column is where that source line sits on it. Cells share their row's line and
// come left to right, so each block is looked for after the one before it on the same line.
import { LineIndex } from './lines.ts';

function lineAround(source: string, offset: number): { start: number; text: string } {
  const start = offset > 0 ? source.lastIndexOf('\n', offset - 1) + 1 : 0;
  const end = source.indexOf('\n', offset);
  return { start, text: source.slice(start, end < 0 ? source.length : end) };
}

export class LinkColumns {
  private readonly lines: LineIndex;
  /** The file line of the block being read, and where its first source line sits on it (-1: not found). */
  private blockLine = 0;
  private blockAt = -1;
  /** Where on `blockLine` the next block sharing it may start. */
  private from = 0;

  constructor(
    body: string,
    private readonly bodyLine: number,
  ) {
    this.lines = new LineIndex(body);
  }

  private fileLine(line: number): string {
    const i = line - this.bodyLine;
    return this.lines.slice(i, i + 1);
  }

  /** Starts a block whose source begins on file line `line`. */
  block(source: string, line: number): void {
    if (line !== this.blockLine) this.from = 0;
    this.blockLine = line;
    const first = lineAround(source, 0).text;
    this.blockAt = this.fileLine(line).indexOf(first, this.from);
    if (this.blockAt >= 0) this.from = this.blockAt + first.length;
  }

  /** The 1-based column of `offset` in the current block's source, on file line `line`; null where the line does not hold it. */
  column(source: string, offset: number, line: number): number | null {
    const around = lineAround(source, offset);
    const at = around.start === 0 && line === this.blockLine ? this.blockAt : this.fileLine(line).indexOf(around.text);
    return at < 0 ? null : at + offset - around.start + 1;
  }
}

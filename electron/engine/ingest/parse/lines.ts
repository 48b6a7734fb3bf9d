// Line arithmetic without splitting text into arrays of lines: a 20 MB page stays one string.

export class LineIndex {
  /** Offset where each 0-based line starts. */
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get count(): number {
    return this.starts.length;
  }

  /** Text of lines [from, to), without the final newline. */
  slice(from: number, to: number): string {
    const start = this.starts[from] ?? this.text.length;
    const end = to < this.starts.length ? this.starts[to]! - 1 : this.text.length;
    return end > start ? this.text.slice(start, end) : '';
  }

  /** Characters in lines [from, to), newlines included. */
  size(from: number, to: number): number {
    const start = this.starts[from] ?? this.text.length;
    const end = this.starts[to] ?? this.text.length;
    return end - start;
  }
}

/** Lines of offsets in one inline source, counted incrementally since offsets mostly grow. */
export class LineCursor {
  private lines = 0;
  /** Last newline counted (-1: none) and the next one not yet counted (Infinity: none left). */
  private last = -1;
  private next: number;

  constructor(
    private readonly source: string,
    private readonly firstLine: number,
  ) {
    this.next = this.newlineFrom(0);
  }

  private newlineFrom(offset: number): number {
    const nl = this.source.indexOf('\n', offset);
    return nl < 0 ? Infinity : nl;
  }

  lineAt(offset: number): number {
    if (offset <= this.last) {
      this.lines = 0; // going backwards (rare): count again from the start
      this.last = -1;
      this.next = this.newlineFrom(0);
    }
    // Each newline is searched for once, so a 20 MB line with a million links stays linear.
    while (this.next < offset) {
      this.lines++;
      this.last = this.next;
      this.next = this.newlineFrom(this.next + 1);
    }
    return this.firstLine + this.lines;
  }
}

// HTML comments inside an HTML token, found with indexOf rather than a lazy regex: a page with
// thousands of unclosed `<!--` must cost one pass, not one pass per `<!--`.

export interface HtmlComment {
  /** Offset of `<!--` in the HTML. */
  start: number;
  /** Text between `<!--` and `-->`. */
  body: string;
}

export function htmlComments(html: string): HtmlComment[] {
  const out: HtmlComment[] = [];
  for (let start = html.indexOf('<!--'); start >= 0;) {
    const end = html.indexOf('-->', start + 4);
    if (end < 0) break; // unclosed: no comment here nor after
    out.push({ start, body: html.slice(start + 4, end) });
    start = html.indexOf('<!--', end + 3);
  }
  return out;
}

/** The HTML with its comments replaced by a space each. */
export function withoutComments(html: string): string {
  const comments = htmlComments(html);
  if (comments.length === 0) return html;
  let out = '';
  let from = 0;
  for (const { start, body } of comments) {
    out += `${html.slice(from, start)} `;
    from = start + 4 + body.length + 3;
  }
  return out + html.slice(from);
}

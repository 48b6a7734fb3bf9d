// Turns a file's bytes into page text, or says why it cannot be a page.
// Cairn never rewrites the file: decoding problems are reported, the text is indexed as best it can be.

export type Decoded = { ok: true; text: string; warning: string | null } | { ok: false; reason: string };

/** The offset of the first NUL, or -1. A NUL anywhere makes a file binary, not a page, for the
 * reader and the write door alike: no text a page holds has one, and PostgreSQL's text cannot
 * store one (a page indexed in SQLite would break the PostgreSQL store's run). */
export function nulAt(bytes: Buffer): number {
  return bytes.indexOf(0);
}

/** Why a file of `size` bytes is skipped rather than read as a page, or null (the write door refuses the same pages). */
export function tooLargeReason(size: number, maxFileBytes: number): string | null {
  if (size <= maxFileBytes) return null;
  return `too large: ${(size / 1048576).toFixed(1)} MB is over the ${(maxFileBytes / 1048576).toFixed(1)} MB limit (maxFileBytes in the config)`;
}

export function decodePage(bytes: Buffer): Decoded {
  if (nulAt(bytes) >= 0) {
    return { ok: false, reason: 'binary file: it has a .md name but contains NUL bytes' };
  }
  let body = bytes;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body), warning: null };
  } catch {
    const text = new TextDecoder('utf-8').decode(body);
    // Everything before the first replacement character decoded cleanly, so its byte length
    // is the offset of the first bad byte in the file (after any BOM).
    const before = text.slice(0, text.indexOf('\ufffd'));
    const line = before.split('\n').length;
    const at = Buffer.byteLength(before, 'utf8') + (body === bytes ? 0 : 3);
    return { ok: true, text, warning: `invalid UTF-8 at line ${line} (byte ${at}): indexed with replacement characters (the file is unchanged)` };
  }
}

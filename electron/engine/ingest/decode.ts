// Turns a file's bytes into page text, or says why it cannot be a page.
// Cairn never rewrites the file: decoding problems are reported, the text is indexed as best it can be.

export type Decoded =
  | { ok: true; text: string; warning: string | null }
  | { ok: false; reason: string };

const SNIFF_BYTES = 8192;

export function decodePage(bytes: Buffer): Decoded {
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    return { ok: false, reason: 'binary file: it has a .md name but contains NUL bytes' };
  }
  let body = bytes;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body), warning: null };
  } catch {
    const at = firstInvalidUtf8(body);
    return {
      ok: true,
      text: new TextDecoder('utf-8').decode(body),
      warning: `invalid UTF-8 at byte ${at}: indexed with replacement characters (the file is unchanged)`,
    };
  }
}

function firstInvalidUtf8(bytes: Buffer): number {
  // Binary search for the shortest invalid prefix; good enough for a report.
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid + 1), { stream: true });
      lo = mid + 1;
    } catch {
      hi = mid;
    }
  }
  return lo;
}

// A request body is text only if it is valid UTF-8: decoding loosely would turn a stray byte into
// U+FFFD and write that into a page, a change nobody asked for. So a body that is not UTF-8 is
// refused, naming the first byte that is not.
import { BadRequest } from '../../shared/errors.ts';

const strict = new TextDecoder('utf-8', { fatal: true });

/** The body as text, or BadRequest naming the offset of its first invalid byte. */
export function decodeUtf8(bytes: Buffer): string {
  try {
    return strict.decode(bytes);
  } catch {
    throw new BadRequest(`the request body is not valid UTF-8 at byte ${firstInvalidByte(bytes)}: send text encoded as UTF-8`);
  }
}

/** Where a loose decoding first put U+FFFD for bytes that were not an encoded U+FFFD. */
function firstInvalidByte(bytes: Buffer): number {
  const text = bytes.toString('utf8');
  let offset = 0;
  for (const ch of text) {
    if (ch === '\uFFFD' && !(bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)) return offset;
    offset += Buffer.byteLength(ch);
  }
  return offset;
}

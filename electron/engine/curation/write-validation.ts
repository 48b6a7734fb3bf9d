// The write door refuses a page the indexer would not read back as written. The rules are the
// reader's own — ingest/decode.ts for size and bytes, ingest/parse/frontmatter.ts for the frontmatter
// block — applied to the composed page before anything is written, so an acknowledged write is
// never a page the indexer skips as binary, reads with different characters, or reads as empty.
import { BadRequest, CairnError, InvalidPage } from '../../../shared/errors.ts';
import { decodePage, nulAt, tooLargeReason } from '../ingest/decode.ts';
import { MAX_FRONTMATTER_BYTES, parseFrontmatter, splitFrontmatter, tooLargeToRead, type FrontmatterBlock } from '../ingest/parse/frontmatter.ts';
import { toLf } from '../ingest/parse/page.ts';

/** A page as a write composed it: `bytes` is the file it would be (with a BOM when the page had one),
 * `text` what they hold, `body` the body the write sets, if it sets one. */
export interface ComposedPage {
  bytes: Buffer;
  text: string;
  body: string | undefined;
  /** the indexer's limit on a page's size (maxFileBytes in the config) */
  maxFileBytes: number;
}

/**
 * Refuses a composed page unless the reader would index it as written. The body is checked on its
 * own first, so offsets name bytes of what the writer sent, and a NUL anywhere in it is refused:
 * the reader takes a file with one for binary.
 */
export function refuseUnindexable(page: ComposedPage): void {
  if (page.body !== undefined) refuseUnwritableBody(page.body);
  const tooLarge = tooLargeReason(page.bytes.length, page.maxFileBytes);
  if (tooLarge)
    throw new BadRequest(
      `refused: the page would be ${page.bytes.length} bytes, over the indexer's limit of ${page.maxFileBytes} bytes (maxFileBytes in the config): it would be skipped, not indexed. Nothing was written`,
    );
  refuseUnreadableBytes(page.bytes, page.text);
  const lf = toLf(page.text);
  const block = splitFrontmatter(lf);
  refuseUnreadableFrontmatter(block, 'the frontmatter this write makes');
  // editPage keeps a body body; this is the read-back that proves it before the file is touched
  if (page.body !== undefined && (block ? block.body : lf) !== toLf(page.body)) {
    throw new CairnError(
      'internal',
      'the page as composed would not read back with the body as sent; nothing was written (a fault in Cairn: please report it)',
    );
  }
}

/** Refuses a frontmatter block the reader would leave unread: over its size limit (400, naming the
 * limit) or YAML it cannot parse (422, the YAML error and the file line). `whose`: which block. */
export function refuseUnreadableFrontmatter(block: FrontmatterBlock | null, whose: string): void {
  if (!block) return;
  if (tooLargeToRead(block)) {
    const kb = Math.ceil(block.yaml.length / 1024);
    throw new BadRequest(
      `refused: ${whose} is ${kb} KB, over the indexer's ${MAX_FRONTMATTER_BYTES / 1024} KB frontmatter limit (it would not read any of its fields). Nothing was written; move long text into the body`,
    );
  }
  const { error } = parseFrontmatter(block);
  if (error)
    throw new InvalidPage(
      `refused: ${whose} is YAML the indexer cannot read (line ${error.line}: ${error.message}). Nothing was written; fix the frontmatter first`,
    );
}

/** The body as sent: a NUL anywhere, or a character UTF-8 cannot hold. */
function refuseUnwritableBody(body: string): void {
  const bytes = Buffer.from(body, 'utf8');
  const nul = nulAt(bytes);
  if (nul >= 0)
    throw new BadRequest(
      `refused: the body has a NUL at byte ${nul}${lineOf(bytes, nul)}: the indexer reads a file with NUL bytes as binary, not as a page. Nothing was written`,
    );
  refuseChangedText(body, bytes.toString('utf8'), bytes, 'the body');
}

/** The composed page's bytes as the reader decodes a file: a page, and the same text. */
function refuseUnreadableBytes(bytes: Buffer, text: string): void {
  const decoded = decodePage(bytes);
  if (!decoded.ok) {
    const at = nulAt(bytes);
    throw new BadRequest(
      `refused: the page would not be read as a page (${decoded.reason}${at >= 0 ? `; byte ${at}${lineOf(bytes, at)}` : ''}). Nothing was written`,
    );
  }
  refuseChangedText(text, decoded.text, bytes, 'the page', bytes.length - Buffer.byteLength(text, 'utf8'));
}

/** Refuses `sent` when what comes back (`read`) differs, naming the first character that does not
 * survive by its offset in `bytes`, where `sent` starts at `start` (after a BOM the page keeps). */
function refuseChangedText(sent: string, read: string, bytes: Buffer, what: string, start = 0): void {
  if (read === sent) return;
  const i = firstDifference(read, sent);
  const c = sent.charCodeAt(i);
  const byte = start + Buffer.byteLength(sent.slice(0, i), 'utf8');
  const why =
    c >= 0xd800 && c <= 0xdfff
      ? 'a lone surrogate, which UTF-8 cannot hold (it would be written as U+FFFD)'
      : c === 0xfeff && i === 0
        ? 'a byte order mark opening the file, which the indexer drops'
        : 'which the indexer would not read back as written';
  throw new BadRequest(
    `refused: ${what} has U+${c.toString(16).toUpperCase().padStart(4, '0')} at byte ${byte}${lineOf(bytes, byte)}, ${why}. Nothing was written`,
  );
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** ` (line N)` for a byte offset, so a writer can find it in an editor. */
function lineOf(bytes: Buffer, offset: number): string {
  let line = 1;
  for (let at = bytes.indexOf(0x0a); at >= 0 && at < offset; at = bytes.indexOf(0x0a, at + 1)) line++;
  return ` (line ${line})`;
}

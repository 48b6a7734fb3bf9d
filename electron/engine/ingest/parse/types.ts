// What parsing one page yields: everything the indexer stores, computed without I/O.
import type { Heading, LinkKind, Provenance } from '../../../../shared/page.ts';

export interface ParsedLink {
  /** 1-based line in the file, frontmatter included. */
  line: number;
  /** Link text without `|label` or `#anchor`, trimmed; markdown links: the URL-decoded path as written. */
  target: string;
  /** Text after `#`, without the `#` (`^id` for a block reference). */
  anchor: string | null;
  label: string | null;
  kind: LinkKind;
  /** 1-based column on that line where the link starts (its `!` for an embed); null in frontmatter. */
  column: number | null;
}

export interface ParsedChunk {
  /** Stable across re-indexing: derived from page key, heading path and part, never from content. */
  id: string;
  ord: number;
  headingPath: string[];
  heading: string | null;
  /** The section's markdown, as written. */
  text: string;
  /** sha1 of `text`: decides whether the chunk is re-embedded. */
  hash: string;
  line: number;
}

export interface FrontmatterError {
  line: number;
  message: string;
}

export interface ParsedPage {
  frontmatter: Record<string, unknown>;
  frontmatterError: FrontmatterError | null;
  title: string;
  summary: string | null;
  tags: string[];
  /** Markdown after the frontmatter, with LF line endings. */
  body: string;
  /** File line where `body` starts. */
  bodyLine: number;
  headings: Heading[];
  blockIds: string[];
  links: ParsedLink[];
  provenance: Provenance[];
  chunks: ParsedChunk[];
  /** Normal words of the prose outside code, by file line (parse/prose.ts): what concept matching reads. */
  prose: string;
  /** A Bloom filter of those words (concepts/matcher.ts signatureOf): which new concepts the page may mention. */
  proseSig: Uint8Array;
}

// Attachments: the files in a root that are not pages (images, PDFs…) which links may point at.
// The interface every store implements (SQLite today: sqlite/attachments.ts); asynchronous, so a
// store over the network fits (ARCHITECTURE.md).

/** An attachment as link resolution sees it (names lowercased). */
export interface FileNode {
  id: number;
  rootId: number;
  relLower: string;
  nameLower: string;
}

export interface AttachmentRepo {
  byName(nameLower: string): Promise<FileNode[]>;
  /** Attachments with any of these names (lowercased), in one look-up; in id order. */
  byNames(namesLower: readonly string[]): Promise<FileNode[]>;
  /** `relLower`: its root-relative path, lowercased. */
  byPath(relLower: string): Promise<FileNode[]>;
  /** Attachments whose path ends with `/suffix`. */
  byPathSuffix(suffix: string): Promise<FileNode[]>;
  /** Whether the index lists this file of this root as an attachment. */
  isAttachment(root: string, rel: string): Promise<boolean>;
  /** Their path and root, by id. */
  describe(ids: Iterable<number>): Promise<{ id: number; path: string; root: string }[]>;
}

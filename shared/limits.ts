// The sizes every door holds to, declared once: the contract's schemas and the doors' framing
// (the HTTP server's body, /mcp, MCP over stdio) read them here, so no door refuses what another
// accepts. Kept free of zod so the sandboxed preload may bundle it.

/** The largest page body a write takes, in characters (UTF-16 units, as the schema counts). */
export const MAX_PAGE_BODY_CHARS = 8 * 1024 * 1024;

/** The largest request any door reads, in bytes: the largest body the contract takes, sent as JSON
 * (three bytes a character for CJK in UTF-8, two for the quotes, backslashes and newlines JSON
 * escapes), and a mebibyte for the rest of the request. A request over it is refused `too-large`
 * before it is parsed; one under it is the contract's to judge, whichever door it came through. */
export const MAX_REQUEST_BYTES = 3 * MAX_PAGE_BODY_CHARS + 1024 * 1024;

/** How deep a page's frontmatter may nest (mappings and lists within each other, the frontmatter
 * itself the first): far beyond any real page's, and what the reader and a write both hold to. */
export const MAX_FRONTMATTER_DEPTH = 32;

/** The longest error message any door answers with, in characters: an error that quotes a field of
 * megabytes quotes its start. */
export const MAX_ERROR_CHARS = 2000;

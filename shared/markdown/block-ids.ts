// Obsidian/Foam block anchors: `^id` ending a line of a paragraph, list item or table (the target
// of `[[page#^id]]`). Preceded by whitespace (or alone on its line) so `x^2` or `a^b` in prose is
// not an anchor; or straight after an embed or a link (`![[image.png]]^id`, `[t](x)^id`), as
// Obsidian reads it. One rule for the indexer and for the page the app renders.
export const BLOCK_ID = /(?:^|[ \t]|(?<=\]\]|\)))\^([A-Za-z0-9][A-Za-z0-9_-]*)[ \t]*$/gm;

// Obsidian's image sizes: `![[img.png|200]]` sets the width, `|200x100` the width and the height,
// `![[img.png|a picture|200]]` keeps the text before the size as alt text; in markdown the size
// ends the alt text: `![a picture|200](img.png)`. The size is never drawn as alt text.

export interface ImageSize {
  alt: string;
  width: number | null;
  height: number | null;
}

const SIZE = /^(\d+)(?:x(\d+))?$/;

/**
 * What `text` (a wikilink's label, or a markdown image's alt text) says of an image. A wikilink's
 * label may be a size alone; in alt text the size follows a `|`.
 */
export function imageSize(text: string | null, fallbackAlt: string, form: 'wikilink' | 'markdown'): ImageSize {
  const none = { alt: text ?? fallbackAlt, width: null, height: null };
  if (text === null) return none;
  const bar = text.lastIndexOf('|');
  if (bar < 0 && form === 'markdown') return none;
  const size = SIZE.exec(text.slice(bar + 1).trim());
  if (!size) return none;
  return { alt: text.slice(0, Math.max(bar, 0)).trim() || fallbackAlt, width: Number(size[1]), height: size[2] ? Number(size[2]) : null };
}

/** Sets the alt text and the size an image was given. */
export function sizeImage(img: HTMLImageElement, size: ImageSize): void {
  img.alt = size.alt;
  if (size.width !== null) img.setAttribute('width', String(size.width));
  if (size.height !== null) img.setAttribute('height', String(size.height));
}

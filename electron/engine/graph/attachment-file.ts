// An image a page embeds, for the page view to draw: only a file the index lists as an attachment
// of that root, never through a symlink, never a type a browser would run, and never a huge one.
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest } from '../../../shared/errors.ts';
import type { Store } from '../store/store.ts';

/** Image types a page may show; an SVG is drawn through <img>, where its scripts never run. */
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.bmp': 'image/bmp',
  '.svg': 'image/svg+xml',
};

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** The `user/<agent>` folder a path lies in, or '' (the spaces of a scoped root, ingest/scope.ts). */
const agentFolder = (rel: string) => /^user\/[^/]+\/(?=.)/.exec(rel)?.[0] ?? '';

/** `ignored`: whether the root's ignore rules leave a root-relative path out. */
export async function readAttachment(store: Store, root: string, rel: string, ignored: (rel: string) => boolean): Promise<{ mime: string; base64: string }> {
  const mime = IMAGE_TYPES[path.posix.extname(rel).toLowerCase()];
  if (!mime) throw new BadRequest(`${rel} is not an image Cairn shows (${Object.keys(IMAGE_TYPES).join(', ')})`);
  if (!(await store.attachments.isAttachment(root, rel))) throw new BadRequest(`${rel} is not an attachment in the index of ${root}`);
  const abs = path.join(root, rel);
  const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new BadRequest(`${rel} is gone or is not a plain file (symlinks are not followed)`);
  // nor a folder above it that became a symlink out of the root since it was indexed
  const rootReal = fs.realpathSync(root);
  const dirReal = fs.realpathSync(path.dirname(abs));
  if (dirReal !== rootReal && !dirReal.startsWith(rootReal + path.sep))
    throw new BadRequest(`${rel} lies behind a symlink out of the root: Cairn never reads an image through one`);
  const realRel = path
    .relative(rootReal, path.join(dirReal, path.basename(abs)))
    .split(path.sep)
    .join('/');
  // nor one that became a symlink into another agent's space: the viewer was checked against `rel`
  if (agentFolder(realRel) !== agentFolder(rel)) {
    throw new BadRequest(`${rel} lies behind a symlink into another space: Cairn never reads an image through one`);
  }
  // nor one into a folder the ignore rules leave out: the real path decides
  if (ignored(realRel))
    throw new BadRequest(`${rel} lies behind a symlink into a folder the root's ignore rules leave out: Cairn never reads an image through one`);
  if (stat.size > MAX_ATTACHMENT_BYTES)
    throw new BadRequest(`${rel} is ${Math.round(stat.size / 1048576)} MB; Cairn shows images up to ${MAX_ATTACHMENT_BYTES / 1048576} MB`);
  return { mime, base64: fs.readFileSync(abs).toString('base64') };
}

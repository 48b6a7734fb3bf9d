// Names a new page's file and folders may have. The wiki moves between Linux, macOS and Windows
// (a clone, a sync folder), so a name any of them cannot hold is refused on all of them, before
// anything is written; files already in the wiki keep whatever names they have.
import { BadRequest } from '../../../shared/errors.ts';
import { TEMP_NAME_EXTRA } from '../ingest/temp-files.ts';

/** A name component is at most 255 bytes on ext4, APFS and NTFS alike (NTFS counts UTF-16 units, never more than UTF-8 bytes). */
const NAME_MAX_BYTES = 255;

/** A page's file name leaves room for its temp file's, which is the name with a prefix and suffix. */
export const PAGE_FILE_MAX_BYTES = NAME_MAX_BYTES - TEMP_NAME_EXTRA;

/** Windows' device names, which it will not create with any extension and in any case. */
const DEVICE = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i;

/** Characters Windows refuses in a name, and the C0 controls (and DEL) no system handles well. */
const FORBIDDEN_CHAR = /[<>:"|?*\\\u0000-\u001f\u007f]/;

/** Why `name` (one folder or file name) cannot be made on some system, or null. */
export function nameProblem(name: string, maxBytes = NAME_MAX_BYTES): string | null {
  const shown = JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > maxBytes) return `${shown} is ${bytes} bytes long; a name may be at most ${maxBytes} bytes (UTF-8)`;
  const bad = FORBIDDEN_CHAR.exec(name);
  if (bad)
    return `${shown} holds ${/[\u0000-\u001f\u007f]/.test(bad[0]) ? 'a control character' : `"${bad[0]}"`}, which Windows does not allow in a name (nor any of < > : " | ? * \\)`;
  if (/[. ]$/.test(name)) return `${shown} ends in a ${name.endsWith('.') ? 'dot' : 'space'}, which Windows drops from a name`;
  if (DEVICE.test(name.split('.')[0]!.trimEnd()))
    return `${shown} is a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension): no file can have it there`;
  return null;
}

/** The longest key a new page may have: its file name is the key and `.md`. */
export const KEY_MAX_BYTES = PAGE_FILE_MAX_BYTES - '.md'.length;

/** Refuses a new page's key, and its path (root-relative, POSIX), when some system could not hold
 * its file or a folder on the way. */
export function assertPortableName(key: string, rel: string): void {
  const problem = nameProblem(key, KEY_MAX_BYTES);
  if (problem) throw new BadRequest(`key ${problem}${Buffer.byteLength(key) > KEY_MAX_BYTES ? `${ROOM}, and ".md" 3 more` : ''}; nothing was written`);
  const parts = rel.split('/');
  parts.forEach((part, i) => {
    const file = i === parts.length - 1;
    const bad = nameProblem(part, file ? PAGE_FILE_MAX_BYTES : NAME_MAX_BYTES);
    if (bad)
      throw new BadRequest(
        `path "${rel.length > 120 ? `${rel.slice(0, 120)}…` : rel}": ${file ? 'file' : 'folder'} name ${bad}${file && Buffer.byteLength(part) > PAGE_FILE_MAX_BYTES ? ROOM : ''}; nothing was written`,
      );
  });
}

const ROOM = `: a file name may have ${NAME_MAX_BYTES}, and the temp file Cairn writes beside a page takes ${TEMP_NAME_EXTRA} more`;

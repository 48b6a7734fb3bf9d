// A path-style page name (`Folder/Page`, as `cairn page` and the wiki API's `/wiki/pages/…` take it):
// where it may be, in the order to try. Of pages sharing a name, it names the one at that path.

/** Whether a name is a path in a root rather than a key (a key, a file name, never holds `/`). */
export const isPathName = (name: string): boolean => name.includes('/');

/** The places `Folder/Page` (`.md` optional; a scoped root's `global/` may be left out) may be at in these roots. */
export function placesOf(named: string, roots: readonly string[]): { root: string; path: string }[] {
  const rel = `${named.replace(/\.md$/i, '')}.md`;
  return roots.flatMap((root) => [rel, `global/${rel}`].map((path) => ({ root, path })));
}

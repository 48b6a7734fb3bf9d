// A skill's one spelling: lowercase words joined by hyphens, so "OAuth Token Lifecycle",
// "oauth_token_lifecycle" and "oauth-token-lifecycle" are one skill.
export function skillSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\+\+/g, 'pp')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// Text as SQLite's FTS5 tokenizer `porter unicode61 remove_diacritics 2` turns it into terms, so
// the PostgreSQL lexical index counts the same terms in the same rows as the SQLite one does and
// BM25 gives the same scores. unicode61: a token is a run of letters, digits and private-use
// characters (a combining accent inside a token is dropped); each character is lowercased and
// its Latin accents removed. porter: tokens of 3 to 64 bytes are Porter-stemmed (1980).
import { stemmer } from 'stemmer';

const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;
const MARKS = /\p{M}+/gu;
const ASCII_LETTER = /^[A-Za-z]$/;
const PORTER_MIN = 3;
const PORTER_MAX = 64;
/** Where a non-ASCII byte is put for the stemmer: U+E000 + byte (private use, no case). */
const PRIVATE = 0xe000;

/** The combining accents (U+0300…U+0331) unicode61 keeps inside a token and folds away. */
function isDiacritic(c: number): boolean {
  if (c < 768 || c > 817) return false;
  return c < 800 ? (0x08029fdf & (1 << (c - 768))) !== 0 : (0x000361f8 & (1 << (c - 800))) !== 0;
}

/** One character as unicode61 folds it: a Latin letter with accents becomes its ASCII letter; others lowercased. */
const folded = new Map<string, string>();
function fold(ch: string): string {
  let out = folded.get(ch);
  if (out === undefined) {
    const base = ch.normalize('NFD');
    const bare = base.replace(MARKS, '');
    if (bare !== base && ASCII_LETTER.test(bare)) out = bare.toLowerCase();
    else out = caseFold(ch);
    folded.set(ch, out);
  }
  return out;
}

/**
 * Unicode's simple case folding (CaseFolding.txt, as unicode61 applies it): one code point to one,
 * so µ and μ or ϵ and ε are one letter; the dotless ı stays itself.
 */
function caseFold(ch: string): string {
  const one = (s: string) => ([...s].length === 1 ? s : null);
  if (ch === 'ı' || ch.codePointAt(0)! > 0xffff) return ch;
  return one(ch.toUpperCase())?.toLowerCase() ?? one(ch.toLowerCase()) ?? ch;
}

/** ASCII letters and digits by code: the characters of nearly every token, tested without a regex. */
const ASCII_TOKEN = Array.from({ length: 128 }, (_, c) => /[A-Za-z0-9]/.test(String.fromCharCode(c)));

/** The unicode61 tokens of a text, in order (before stemming). A run of ASCII letters and digits is
 * lowercased as one slice, not character by character: indexing a wiki tokenizes all of it. */
export function unicode61(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let inToken = false;
  /** Where the ASCII run not yet added to `current` starts, or -1. */
  let run = -1;
  for (let i = 0; i < text.length;) {
    const c = text.codePointAt(i)!;
    if (c < 128 && ASCII_TOKEN[c]) {
      if (run < 0) run = i;
      inToken = true;
      i++;
      continue;
    }
    if (run >= 0) {
      current += text.slice(run, i).toLowerCase();
      run = -1;
    }
    const ch = c > 0xffff ? text.slice(i, i + 2) : text[i]!;
    i += ch.length;
    if (c >= 128 && TOKEN_CHAR.test(ch)) {
      current += fold(ch);
      inToken = true;
    } else if (inToken && isDiacritic(c)) {
      continue;
    } else if (inToken) {
      tokens.push(current);
      current = '';
      inToken = false;
    }
  }
  if (run >= 0) current += text.slice(run).toLowerCase();
  if (inToken) tokens.push(current);
  return tokens;
}

/** A token as the porter tokenizer stems it (FTS5 leaves tokens shorter than 3 or longer than 64 bytes alone). */
export function porter(token: string): string {
  const bytes = Buffer.from(token);
  if (bytes.length < PORTER_MIN || bytes.length > PORTER_MAX) return token;
  if (bytes.length === token.length) return stemmer(token);
  // FTS5 stems the UTF-8 bytes, each byte of a non-ASCII character a consonant to it ('straße'
  // loses its e there, not as characters): stem the bytes, each such byte a caseless private-use
  // character, which the stemmer takes for a consonant too, and read the bytes back
  const asBytes = String.fromCharCode(...Array.from(bytes, (b) => (b < 0x80 ? b : PRIVATE + b)));
  return Buffer.from([...stemmer(asBytes)].map((c) => c.charCodeAt(0) & 0xff)).toString();
}

/** Each token's stem, once: a wiki of 10,000 pages has ~10 million tokens and ~10,000 distinct
 * ones, and stemming each again took half the time of tokenizing it. Bounded, as a server indexes for weeks. */
const stems = new Map<string, string>();
const MAX_STEMS = 200_000;
function stemOf(token: string): string {
  let out = stems.get(token);
  if (out === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(token, (out = porter(token)));
  }
  return out;
}

/** The terms of a text as the FTS5 index holds them, in order, repeats kept. */
export function fts5Terms(text: string): string[] {
  return unicode61(text).map(stemOf);
}

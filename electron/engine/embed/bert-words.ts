// The word splitter that model builders count words with. It must cut text exactly where the
// shipped tokenizer.json (BertNormalizer + BertPreTokenizer, as @huggingface/tokenizers runs
// them) cuts it; otherwise a builder learns vectors for words the model never sees at query
// time. static-onnx.test.ts checks the two agree on awkward text.

// Punctuation as BertPreTokenizer defines it: Unicode P plus every ASCII symbol.
const PUNCT = '\\p{P}\\u0021-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u007E';
const PIECE = new RegExp(`[^\\s${PUNCT}]+|[${PUNCT}]`, 'gu');
const CONTROL = /[\0\uFFFD\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu;
const CJK = /[\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF]/g;
const MARKS = /\p{Mn}/gu;

/** Lowercased, accent-stripped words and single punctuation marks, in text order. */
export function splitWords(text: string): string[] {
  const cleaned = text
    .replace(CONTROL, (c) => (c === '\t' || c === '\n' || c === '\r' ? ' ' : ''))
    .replace(/\s/g, ' ')
    .replace(CJK, ' $& ')
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '');
  return cleaned.trim().match(PIECE) ?? [];
}

const PUNCT_ONLY = new RegExp(`^[${PUNCT}]$`, 'u');

/** True for the one-character punctuation tokens splitWords emits; they carry no meaning here. */
export function isPunctuation(word: string): boolean {
  return PUNCT_ONLY.test(word);
}

// The text side of a static model folder: tokenizer.json, tokenizer_config.json and
// config.json shaped like an uncased BERT's, so transformers.js treats a lookup table as any
// other feature-extraction model. WordPiece (not WordLevel: @huggingface/tokenizers has no
// WordLevel model) with whole words as entries; "##"-prefixed entries, if a builder adds
// them, give out-of-vocabulary words a subword backoff.

export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;
const [PAD, UNK, CLS, SEP, MASK] = SPECIAL_TOKENS;

/** Token ids as the tokenizer will emit them: specials first, then the builder's vocabulary. */
export function tokenVocabulary(words: readonly string[]): string[] {
  const seen = new Set<string>(SPECIAL_TOKENS);
  for (const w of words) {
    if (seen.has(w)) throw new Error(`Vocabulary entry "${w}" is duplicated or reserved`);
    if (w.length === 0) throw new Error('Vocabulary holds an empty entry');
    seen.add(w);
  }
  return [...SPECIAL_TOKENS, ...words];
}

export function tokenizerJson(tokens: readonly string[]): object {
  const vocab: Record<string, number> = {};
  tokens.forEach((t, i) => (vocab[t] = i));
  const special = (content: string) => ({
    id: vocab[content],
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const sp = (id: string) => ({ SpecialToken: { id, type_id: 0 } });
  return {
    version: '1.0',
    truncation: null, // transformers.js truncates to tokenizer_config's model_max_length
    padding: null,
    added_tokens: SPECIAL_TOKENS.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [sp(CLS), { Sequence: { id: 'A', type_id: 0 } }, sp(SEP)],
      pair: [sp(CLS), { Sequence: { id: 'A', type_id: 0 } }, sp(SEP), { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: SEP, type_id: 1 } }],
      special_tokens: {
        [CLS]: { id: CLS, ids: [vocab[CLS]], tokens: [CLS] },
        [SEP]: { id: SEP, ids: [vocab[SEP]], tokens: [SEP] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: UNK,
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

export function tokenizerConfigJson(maxTokens: number): object {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    strip_accents: null,
    tokenize_chinese_chars: true,
    model_max_length: maxTokens,
    clean_up_tokenization_spaces: true,
    pad_token: PAD,
    unk_token: UNK,
    cls_token: CLS,
    sep_token: SEP,
    mask_token: MASK,
  };
}

/** Enough of a BERT config for transformers.js to pick BertModel; the numbers describe the table. */
export function modelConfigJson(vocabSize: number, dim: number, maxTokens: number): object {
  return {
    architectures: ['BertModel'],
    model_type: 'bert',
    hidden_size: dim,
    vocab_size: vocabSize,
    max_position_embeddings: maxTokens,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    intermediate_size: dim,
    type_vocab_size: 2,
    pad_token_id: 0,
    cairn_static: true,
  };
}

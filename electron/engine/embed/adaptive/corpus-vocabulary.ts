// The indexed texts as word-id sequences, cut by the same rules as the model's tokenizer
// (bert-words.ts), with the counts every later step needs: term and document frequencies.
import { isPunctuation, splitWords } from '../bert-words.ts';
import { Breather } from './breather.ts';

export interface CorpusCounts {
  /** Vocabulary, most frequent first; ids index everything below. */
  words: string[];
  termFreq: Float64Array;
  docFreq: Int32Array;
  /** Per text, its words as ids; -1 marks a word below minCount (it still takes a window slot). */
  docs: Int32Array[];
  totalTokens: number;
}

// WordPiece turns longer words into [UNK], so vectors for them could never be looked up.
const MAX_WORD_CHARS = 100;

export async function countCorpus(texts: string[], minCount = 2): Promise<CorpusCounts> {
  const breather = new Breather();
  const tempId = new Map<string, number>();
  const tempWords: string[] = [];
  const tf: number[] = [];
  const df: number[] = [];
  const seqs: number[][] = [];
  for (const text of texts) {
    await breather.breathe();
    const seq: number[] = [];
    const seen = new Set<number>();
    for (const w of splitWords(text)) {
      if (isPunctuation(w) || [...w].length > MAX_WORD_CHARS) continue;
      let id = tempId.get(w);
      if (id === undefined) {
        id = tempWords.length;
        tempId.set(w, id);
        tempWords.push(w);
        tf.push(0);
        df.push(0);
      }
      tf[id]!++;
      if (!seen.has(id)) {
        seen.add(id);
        df[id]!++;
      }
      seq.push(id);
    }
    seqs.push(seq);
  }
  // Stable order (count desc, then word) so the same texts always give the same model.
  const kept = tempWords
    .map((_, id) => id)
    .filter((id) => tf[id]! >= minCount)
    .sort((a, b) => tf[b]! - tf[a]! || (tempWords[a]! < tempWords[b]! ? -1 : 1));
  const remap = new Int32Array(tempWords.length).fill(-1);
  kept.forEach((id, i) => (remap[id] = i));
  let totalTokens = 0;
  for (const f of tf) totalTokens += f;
  return {
    words: kept.map((id) => tempWords[id]!),
    termFreq: Float64Array.from(kept, (id) => tf[id]!),
    docFreq: Int32Array.from(kept, (id) => df[id]!),
    docs: seqs.map((s) => Int32Array.from(s, (id) => remap[id]!)),
    totalTokens,
  };
}

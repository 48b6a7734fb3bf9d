// When to rebuild the corpus-adaptive model. Its vectors only cover words the wiki had when
// it was built; as pages are added, more of the text is made of words the model cannot see.
// The share of word tokens without a vector (out-of-vocabulary rate) measures exactly what
// the lane is missing, costs one pass of word splitting, and needs no model run.
import fs from 'node:fs';
import path from 'node:path';
import { isPunctuation, splitWords } from '../bert-words.ts';
import { readModelCard } from '../embedder.ts';
import { SPECIAL_TOKENS } from '../static-tokenizer.ts';

export interface RebuildPolicy {
  /** Rebuild when the OOV rate has risen this much (absolute) above its build-time value. */
  maxOovIncrease: number;
  /** … or when the number of texts has changed by this factor either way. */
  maxSizeRatio: number;
}

/**
 * Measured on SciFact with build/model/probe-corpus-size.ts: a model built on 85 % / 70 % /
 * 50 % of the docs leaves 0.45 / 0.98 / 1.98 % of the full corpus's words without a vector
 * and loses 0.031 / 0.050 / 0.088 nDCG@10 against a fresh build. Every word has a vector at
 * build time (minCount 1), so the rise is the whole rate. Rebuilding at +0.3 points or +10 %
 * texts keeps the loss near 0.02, for about a minute of background work per 5k texts.
 */
export const DEFAULT_REBUILD_POLICY: RebuildPolicy = { maxOovIncrease: 0.003, maxSizeRatio: 1.1 };

export interface Drift {
  oovRate: number;
  baselineOovRate: number;
  texts: number;
  baselineTexts: number;
  shouldRebuild: boolean;
  reason: string | null;
}

export function modelVocabulary(modelDir: string): Set<string> {
  const tokenizer = JSON.parse(fs.readFileSync(path.join(modelDir, 'tokenizer.json'), 'utf8')) as {
    model: { vocab: Record<string, number> };
  };
  const special = new Set<string>(SPECIAL_TOKENS);
  return new Set(Object.keys(tokenizer.model.vocab).filter((w) => !special.has(w)));
}

export function oovRate(vocab: Set<string>, texts: string[]): number {
  let total = 0;
  let missing = 0;
  for (const t of texts) {
    for (const w of splitWords(t)) {
      if (isPunctuation(w)) continue;
      total++;
      if (!vocab.has(w)) missing++;
    }
  }
  return total ? missing / total : 0;
}

export function measureDrift(modelDir: string, texts: string[], policy: RebuildPolicy = DEFAULT_REBUILD_POLICY): Drift {
  const params = readModelCard(modelDir)?.provenance.params ?? {};
  const baselineOovRate = typeof params.oovRate === 'number' ? params.oovRate : 0;
  const baselineTexts = typeof params.texts === 'number' ? params.texts : texts.length;
  const rate = oovRate(modelVocabulary(modelDir), texts);
  const ratio = Math.max(texts.length, 1) / Math.max(baselineTexts, 1);
  let reason: string | null = null;
  if (rate - baselineOovRate > policy.maxOovIncrease) {
    reason = `${(100 * rate).toFixed(1)}% of words have no vector (was ${(100 * baselineOovRate).toFixed(1)}% at build)`;
  } else if (ratio > policy.maxSizeRatio || ratio < 1 / policy.maxSizeRatio) {
    reason = `the wiki went from ${baselineTexts} to ${texts.length} texts`;
  }
  return { oovRate: rate, baselineOovRate, texts: texts.length, baselineTexts, shouldRebuild: reason !== null, reason };
}

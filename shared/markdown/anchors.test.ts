import { describe, expect, it } from 'vitest';
import { anchorMatches, normalizeAnchor } from './anchors.ts';

describe('normalizeAnchor', () => {
  it('makes the Obsidian, GitHub and heading spellings meet', () => {
    const forms = ['Fusion: RRF vs Convex', 'fusion-rrf-vs-convex', 'Fusion — RRF vs convex', '  Fusion  -  RRF   vs convex! '];
    expect(new Set(forms.map(normalizeAnchor))).toEqual(new Set(['fusion-rrf-vs-convex']));
  });

  it('keeps letters and digits of any script', () => {
    expect(normalizeAnchor('Étape 2: Café')).toBe('étape-2-café');
    expect(normalizeAnchor('日本語 の 見出し')).toBe('日本語-の-見出し');
  });

  it('drops symbols and emoji', () => {
    expect(normalizeAnchor("🚀 Don't `panic` (v2.0)")).toBe('dont-panic-v20');
  });
});

describe('anchorMatches', () => {
  const headings = [{ text: 'Setup' }, { text: 'Fusion — RRF vs convex' }, { text: 'Setup' }];
  const blockIds = ['para-1'];

  it('matches headings by normalized text', () => {
    expect(anchorMatches('Fusion: RRF vs Convex', headings, blockIds)).toBe(true);
    expect(anchorMatches('fusion-rrf-vs-convex', headings, blockIds)).toBe(true);
    expect(anchorMatches('Fusion', headings, blockIds)).toBe(false);
  });

  it('matches block ids', () => {
    expect(anchorMatches('^para-1', headings, blockIds)).toBe(true);
    expect(anchorMatches('^PARA-1', headings, blockIds)).toBe(true);
    expect(anchorMatches('^para-2', headings, blockIds)).toBe(false);
    expect(anchorMatches('para-1', headings, blockIds)).toBe(false);
  });

  it('accepts no anchor and an empty one', () => {
    expect(anchorMatches(null, [], [])).toBe(true);
    expect(anchorMatches('', [], [])).toBe(true);
  });

  it("understands GitHub's numbered duplicates and Obsidian's heading paths", () => {
    expect(anchorMatches('setup-1', headings, blockIds)).toBe(true);
    expect(anchorMatches('setup-2', headings, blockIds)).toBe(false);
    expect(anchorMatches('Setup#Fusion — RRF vs convex', headings, blockIds)).toBe(true);
  });
});

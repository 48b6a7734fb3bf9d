// A static embedding model as a BERT-shaped ONNX graph: token ids in, one table row per token
// out (scaled by a per-token weight and the attention mask), so transformers.js's mean pooling
// yields the weighted average of word vectors and its normalisation gives cosine-ready output.
// Every model Cairn builds itself (GloVe floor, corpus-adaptive) is written here, so one
// loader path (local-model.ts) serves them and a hub transformer alike.
//
// Graph, opset 13:
//   rows  = Gather(table, input_ids)                 [B,S,D]  (int8/fp16/fp32)
//   rowsF = Cast(rows, float)                        (skipped for fp32)
//   scale = Gather(token_weight, ids) · Gather(row_scale, ids) · float(attention_mask)
//   last_hidden_state = rowsF · Unsqueeze(scale, -1)
// Gathering before dequantising touches only the rows a batch uses; dequantising the whole
// table per call would cost vocab×dim work on every query.
import fs from 'node:fs';
import path from 'node:path';
import onnxProto from 'onnx-proto';
import { writeModelCard, type ModelCard } from './embedder.ts';
import { SPECIAL_TOKENS, modelConfigJson, tokenVocabulary, tokenizerConfigJson, tokenizerJson } from './static-tokenizer.ts';

const { onnx } = onnxProto;
const T = onnx.TensorProto.DataType;

export type TableStorage = 'fp32' | 'fp16' | 'int8';

/** Word vectors as a builder hands them over; specials ([PAD] …) are added by the writer. */
export interface StaticTable {
  vocab: string[];
  dim: number;
  /** vocab.length × dim, row-major. */
  vectors: Float32Array;
  /** Per-word multiplier applied at lookup (SIF/idf); 1 when absent. */
  weights?: Float32Array;
}

export interface WriteStaticOptions {
  storage?: TableStorage;
  /** Tokens kept per text; a lookup table has no position limit, so this only bounds memory. */
  maxTokens?: number;
  card: Omit<ModelCard, 'dim' | 'pooling' | 'kind'>;
}

export const ONNX_FILE = path.join('onnx', 'model.onnx');
const DEFAULT_MAX_TOKENS = 8192;

/** Writes a complete model folder (ONNX graph, tokenizer, configs, cairn-model.json). */
export function writeStaticModel(dir: string, table: StaticTable, options: WriteStaticOptions): void {
  const { vocab, dim, vectors } = table;
  if (vectors.length !== vocab.length * dim) {
    throw new Error(`Table is ${vectors.length} floats, expected ${vocab.length} words × ${dim}`);
  }
  if (table.weights && table.weights.length !== vocab.length) {
    throw new Error(`weights has ${table.weights.length} entries for ${vocab.length} words`);
  }
  const storage = options.storage ?? 'int8';
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  const tokens = tokenVocabulary(vocab);
  const nSpecial = SPECIAL_TOKENS.length;

  // Specials get zero rows and weight 0: padding, [CLS] and [SEP] must not move the average.
  const full = new Float32Array(tokens.length * dim);
  full.set(vectors, nSpecial * dim);
  const weights = new Float32Array(tokens.length);
  weights.set(table.weights ?? new Float32Array(vocab.length).fill(1), nSpecial);

  fs.mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  fs.writeFileSync(path.join(dir, ONNX_FILE), encodeGraph(full, weights, tokens.length, dim, storage));
  const json = (name: string, value: object) => fs.writeFileSync(path.join(dir, name), JSON.stringify(value) + '\n');
  json('tokenizer.json', tokenizerJson(tokens));
  json('tokenizer_config.json', tokenizerConfigJson(maxTokens));
  json('config.json', modelConfigJson(tokens.length, dim, maxTokens));
  writeModelCard(dir, { ...options.card, dim, pooling: 'mean', kind: 'static', dtype: 'fp32' });
}

/** A static model's table as stored: int8 rows with a scale per row, or plain floats; specials included. */
export interface StoredTable {
  rows: number;
  dim: number;
  /** int8 storage: the quantised rows and each row's scale */
  q: Int8Array | null;
  scale: Float32Array | null;
  /** fp32 or fp16 storage, as floats */
  values: Float32Array | null;
  /** per-token multiplier (0 for specials) */
  weights: Float32Array;
}

/** Reads the graph's initialisers, without running it. */
export function readStoredTable(dir: string): StoredTable {
  const file = path.join(dir, ONNX_FILE);
  const model = onnx.ModelProto.decode(fs.readFileSync(file));
  const init = new Map((model.graph?.initializer ?? []).map((t) => [t.name ?? '', t]));
  const table = init.get('table');
  const weightT = init.get('token_weight');
  if (!table || !weightT || table.dims?.length !== 2) throw new Error(`${file} is not a Cairn static model`);
  const rows = Number(table.dims[0]);
  const dim = Number(table.dims[1]);
  const weights = floatsOf(weightT);
  if (table.dataType === T.INT8) {
    return {
      rows,
      dim,
      q: new Int8Array(bytesOf(table).buffer),
      scale: floatsOf(init.get('row_scale') ?? fail(`${file} lacks row_scale`)),
      values: null,
      weights,
    };
  }
  if (table.dataType === T.FLOAT16) {
    const h = new Uint16Array(bytesOf(table).buffer);
    const values = new Float32Array(h.length);
    for (let i = 0; i < h.length; i++) values[i] = halfToFloat(h[i]!);
    return { rows, dim, q: null, scale: null, values, weights };
  }
  return { rows, dim, q: null, scale: null, values: floatsOf(table), weights };
}

/** Reads the table back (dequantised), e.g. so the adaptive builder can borrow GloVe vectors. */
export function readStaticModel(dir: string): StaticTable {
  const stored = readStoredTable(dir);
  const { rows, dim, q, scale } = stored;
  let vectors = stored.values;
  if (!vectors) {
    vectors = new Float32Array(rows * dim);
    for (let r = 0; r < rows; r++) for (let c = 0; c < dim; c++) vectors[r * dim + c] = q![r * dim + c]! * scale![r]!;
  }
  const tokenizer = JSON.parse(fs.readFileSync(path.join(dir, 'tokenizer.json'), 'utf8')) as {
    model: { vocab: Record<string, number> };
  };
  const tokens = new Array<string>(rows);
  for (const [t, id] of Object.entries(tokenizer.model.vocab)) tokens[id] = t;
  const n = SPECIAL_TOKENS.length;
  return { vocab: tokens.slice(n), dim, vectors: vectors.slice(n * dim), weights: stored.weights.slice(n) };
}

function encodeGraph(full: Float32Array, weights: Float32Array, rows: number, dim: number, storage: TableStorage): Uint8Array {
  const initializers: InstanceType<typeof onnx.TensorProto>[] = [];
  const nodes: InstanceType<typeof onnx.NodeProto>[] = [];
  const node = (op: string, inputs: string[], output: string, attrs: object[] = []) =>
    nodes.push(onnx.NodeProto.create({ opType: op, input: inputs, output: [output], name: output, attribute: attrs }));
  const castTo = (to: number) => [onnx.AttributeProto.create({ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: to })];

  if (storage === 'int8') {
    const { q, scale } = quantizeRows(full, rows, dim);
    initializers.push(tensor('table', T.INT8, [rows, dim], new Uint8Array(q.buffer)));
    initializers.push(tensor('row_scale', T.FLOAT, [rows], new Uint8Array(scale.buffer)));
  } else if (storage === 'fp16') {
    const h = new Uint16Array(full.length);
    for (let i = 0; i < full.length; i++) h[i] = floatToHalf(full[i]!);
    initializers.push(tensor('table', T.FLOAT16, [rows, dim], new Uint8Array(h.buffer)));
  } else {
    initializers.push(tensor('table', T.FLOAT, [rows, dim], new Uint8Array(full.buffer)));
  }
  initializers.push(tensor('token_weight', T.FLOAT, [rows], new Uint8Array(weights.buffer)));
  initializers.push(tensor('last_axis', T.INT64, [1], new Uint8Array(new BigInt64Array([-1n]).buffer)));

  node('Gather', ['table', 'input_ids'], 'rows');
  const rowsF = storage === 'fp32' ? 'rows' : 'rows_f';
  if (storage !== 'fp32') node('Cast', ['rows'], 'rows_f', castTo(T.FLOAT));
  node('Gather', ['token_weight', 'input_ids'], 'weight');
  node('Cast', ['attention_mask'], 'mask_f', castTo(T.FLOAT));
  node('Mul', ['weight', 'mask_f'], 'masked_weight');
  let scale = 'masked_weight';
  if (storage === 'int8') {
    node('Gather', ['row_scale', 'input_ids'], 'dequant');
    node('Mul', ['masked_weight', 'dequant'], 'scale');
    scale = 'scale';
  }
  node('Unsqueeze', [scale, 'last_axis'], 'scale_3d');
  node('Mul', [rowsF, 'scale_3d'], 'last_hidden_state');

  const ids = (name: string) => valueInfo(name, T.INT64, ['batch_size', 'sequence_length']);
  const graph = onnx.GraphProto.create({
    name: 'cairn_static_embedding',
    node: nodes,
    initializer: initializers,
    // token_type_ids is accepted and ignored: BERT-shaped callers always send it.
    input: [ids('input_ids'), ids('attention_mask'), ids('token_type_ids')],
    output: [valueInfo('last_hidden_state', T.FLOAT, ['batch_size', 'sequence_length', dim])],
  });
  return encodeModel(graph);
}

/** A graph as an ONNX file's bytes: opset 13, which every graph Cairn writes keeps to. */
export function encodeModel(graph: onnxProto.onnx.IGraphProto): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'cairn',
    producerVersion: '1',
    opsetImport: [onnx.OperatorSetIdProto.create({ domain: '', version: 13 })],
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

/** Symmetric per-row int8: each row keeps its own scale, so rare-word rows lose no range. */
export function quantizeRows(m: Float32Array, rows: number, dim: number): { q: Int8Array; scale: Float32Array } {
  const q = new Int8Array(rows * dim);
  const scale = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let c = 0; c < dim; c++) max = Math.max(max, Math.abs(m[r * dim + c]!));
    const s = max / 127;
    scale[r] = s;
    if (s === 0) continue;
    for (let c = 0; c < dim; c++) q[r * dim + c] = Math.round(m[r * dim + c]! / s);
  }
  return { q, scale };
}

function tensor(name: string, dataType: number, dims: number[], raw: Uint8Array) {
  return onnx.TensorProto.create({ name, dataType, dims, rawData: raw });
}

function valueInfo(name: string, elemType: number, shape: (string | number)[]) {
  const dim = shape.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d }));
  return onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType, shape: { dim } } } });
}

/** Copies raw tensor bytes into a fresh, aligned buffer (protobuf hands out unaligned views). */
function bytesOf(t: onnxProto.onnx.ITensorProto): Uint8Array {
  return new Uint8Array(t.rawData ?? new Uint8Array());
}

function floatsOf(t: onnxProto.onnx.ITensorProto): Float32Array {
  return new Float32Array(bytesOf(t).buffer);
}

function fail(message: string): never {
  throw new Error(message);
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** float32 → IEEE half, round-to-nearest; Node 20 has no Float16Array. */
export function floatToHalf(x: number): number {
  f32[0] = x;
  const b = u32[0]!;
  const sign = (b >>> 16) & 0x8000;
  const exp = ((b >>> 23) & 0xff) - 127 + 15;
  const mant = b & 0x7fffff;
  if (exp >= 31) return sign | 0x7c00; // overflow → inf (table values never get near)
  if (exp <= 0) {
    if (exp < -10) return sign;
    const m = (mant | 0x800000) >> (1 - exp);
    return sign | ((m + 0x1000) >> 13);
  }
  return sign | ((exp << 10) + ((mant + 0x1000) >> 13));
}

export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 31) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

// A tiny cross-encoder laid out as a hub repository (config.json naming
// BertForSequenceClassification, tokenizer files, onnx/model.onnx): its one logit is the summed
// weight of the query's and the passage's tokens, so a test knows which passage it must put
// first — the one that says the weighted word most often — and that proves the reranking path
// (tokenizing pairs, running the model, reading `logits`), not any quality.
//
// Graph, opset 13: logits[B,1] = ReduceSum(Gather(weight, input_ids) · float(attention_mask), axis 1)
import fs from 'node:fs';
import path from 'node:path';
import onnxProto from 'onnx-proto';
import { encodeModel, ONNX_FILE } from '../embed/static-onnx.ts';
import { SPECIAL_TOKENS, tokenVocabulary, tokenizerConfigJson, tokenizerJson } from '../embed/static-tokenizer.ts';
import { TINY_WORDS } from './tiny-model.ts';

const { onnx } = onnxProto;
const T = onnx.TensorProto.DataType;

/** Writes the model into `dir`: each token of `favoured` adds 1 to a pair's score, every other token 0. */
export function writeTinyReranker(dir: string, favoured = 'stone'): void {
  if (!TINY_WORDS.includes(favoured)) throw new Error(`${favoured} is not one of the tiny vocabulary's words`);
  const tokens = tokenVocabulary(TINY_WORDS);
  const weight = new Float32Array(tokens.length);
  weight[SPECIAL_TOKENS.length + TINY_WORDS.indexOf(favoured)] = 1;
  fs.mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  fs.writeFileSync(path.join(dir, ONNX_FILE), encodeGraph(weight));
  const json = (name: string, value: object) => fs.writeFileSync(path.join(dir, name), JSON.stringify(value) + '\n');
  json('tokenizer.json', tokenizerJson(tokens));
  json('tokenizer_config.json', tokenizerConfigJson(512));
  json('config.json', {
    architectures: ['BertForSequenceClassification'],
    model_type: 'bert',
    hidden_size: 1,
    vocab_size: tokens.length,
    max_position_embeddings: 512,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    type_vocab_size: 2,
    pad_token_id: 0,
    id2label: { 0: 'LABEL_0' },
    label2id: { LABEL_0: 0 },
  });
}

function encodeGraph(weight: Float32Array): Uint8Array {
  const node = (op: string, inputs: string[], output: string, attrs: object[] = []) =>
    onnx.NodeProto.create({ opType: op, input: inputs, output: [output], name: output, attribute: attrs });
  const int = (name: string, i: number) => onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INT, i });
  const tensor = (name: string, dataType: number, dims: number[], raw: Uint8Array) => onnx.TensorProto.create({ name, dataType, dims, rawData: raw });
  const ids = (name: string) =>
    onnx.ValueInfoProto.create({
      name,
      type: { tensorType: { elemType: T.INT64, shape: { dim: [{ dimParam: 'batch_size' }, { dimParam: 'sequence_length' }] } } },
    });
  const graph = onnx.GraphProto.create({
    name: 'cairn_tiny_reranker',
    node: [
      node('Gather', ['weight', 'input_ids'], 'token_weight'),
      node('Cast', ['attention_mask'], 'mask_f', [int('to', T.FLOAT)]),
      node('Mul', ['token_weight', 'mask_f'], 'masked'),
      node('ReduceSum', ['masked', 'seq_axis'], 'logits', [int('keepdims', 1)]),
    ],
    initializer: [
      tensor('weight', T.FLOAT, [weight.length], new Uint8Array(weight.buffer)),
      tensor('seq_axis', T.INT64, [1], new Uint8Array(new BigInt64Array([1n]).buffer)),
    ],
    // token_type_ids is accepted and ignored: BERT-shaped callers always send it
    input: [ids('input_ids'), ids('attention_mask'), ids('token_type_ids')],
    output: [
      onnx.ValueInfoProto.create({
        name: 'logits',
        type: { tensorType: { elemType: T.FLOAT, shape: { dim: [{ dimParam: 'batch_size' }, { dimValue: 1 }] } } },
      }),
    ],
  });
  return encodeModel(graph);
}

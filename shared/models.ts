// The embedding models a person can move an index to from the app: the recommended hub models,
// which are downloaded, the one serving, the one before it, and a switch under way with its
// progress. A switch runs in the background; the app asks `models` again to follow it.
import { z } from 'zod';

export const ModelChoice = z.object({
  id: z.string().describe('the hub repository, owner/name'),
  dim: z.number().int(),
  megabytes: z.number().describe('the download, fp32 ONNX'),
  languages: z.string(),
  licence: z.string(),
  published: z.string().describe('a published retrieval figure and its source'),
  downloaded: z.boolean(),
});
export type ModelChoice = z.infer<typeof ModelChoice>;

export const ModelJob = z.object({
  setting: z.string().describe('what it moves to: hub:ID or adaptive'),
  phase: z.enum(['download', 'embed', 'done', 'failed']),
  done: z.number(),
  total: z.number(),
  note: z.string().nullable(),
  error: z.string().nullable().describe('why it failed: the model in use goes on serving'),
});
export type ModelJob = z.infer<typeof ModelJob>;

export const ModelsResponse = z.object({
  serving: z.string().nullable().describe("the model the search's semantic lane uses, null when none is loaded"),
  setting: z.string().describe('the model setting served: adaptive, none, hub:ID or a folder'),
  previous: z.string().nullable().describe('the model before the last switch: what rollbackModel goes back to'),
  endpoint: z.string().describe('where hub models are downloaded from (HF_ENDPOINT, else the hub)'),
  choices: z.array(ModelChoice),
  job: ModelJob.nullable().describe('the last switch of this process, under way or ended'),
});
export type ModelsResponse = z.infer<typeof ModelsResponse>;

/** `adaptive`, or a hub id whose owner and name each start with a letter or digit (no `.` or `..` for a name). */
const HUB_MODEL = /^(adaptive|hub:[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*)$/;

export const UseModelRequest = z.object({
  model: z
    .string()
    .regex(HUB_MODEL, 'a model is `adaptive` or `hub:owner/name` (a folder only from the command line)')
    .refine((m) => !m.includes('..') && !m.endsWith('.previous'), 'a hub id has no ".." and does not end in ".previous"'),
});

export const HubReachResponse = z.object({
  endpoint: z.string().describe('the hub or mirror asked: HF_ENDPOINT, else the hub; never one a caller names'),
  model: z.string().describe('the recommended model it was asked for'),
  reachable: z.boolean().describe('it listed the model: a download can start'),
  reason: z.string().nullable().describe('when not reachable, why, in one line'),
});
export type HubReachResponse = z.infer<typeof HubReachResponse>;

// The worker side of parse-pool.ts: reads and parses the files it is sent, answers with their outcomes.
import { parentPort } from 'node:worker_threads';
import { readFile, type FileOutcome } from './file-work.ts';

export interface ParseRequest {
  id: number;
  maxFileBytes: number;
  files: { absPath: string; realPath: string; relPath: string; size: number; storedHash: string | null }[];
}

export interface ParseAnswer {
  id: number;
  outcomes: FileOutcome[];
}

parentPort?.on('message', (request: ParseRequest) => {
  const outcomes = request.files.map((f) => readFile(f, request.maxFileBytes, f.storedHash));
  parentPort!.postMessage({ id: request.id, outcomes } satisfies ParseAnswer);
});

// A step of a search that may be slow (the semantic lane, the reranker) is given a bound: past it
// the search answers without that step and says so, rather than making the caller wait.

export class StepTimeout extends Error {}

export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new StepTimeout(`timed out after ${ms} ms`)), ms);
    }),
  ]);
}

// Each step of showing a graph, marked in the page's performance timeline as `cairn graph:STEP`:
// `npm run bench:graph` reads them to say where the time to the first picture goes.
export function markStep(step: 'request' | 'answer' | 'positions' | 'drawn'): void {
  performance.mark(`cairn graph:${step}`);
}

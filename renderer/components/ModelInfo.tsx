// The embedding model as the index knows it: its name, what it is for, and what the last run did
// with it. Read from the status alone: this panel runs no search of its own, so nothing here can
// read like the outcome of a query nobody typed.
import type { Status } from '../../shared/contract.ts';

export function ModelInfo({ status }: { status: Pick<Status, 'chunks' | 'lastRun'> }) {
  const model = status.lastRun?.model ?? null;
  const note = status.lastRun?.modelNote ?? null;
  return (
    <section className="panel" aria-label="Embedding model">
      <h2>Embedding model</h2>
      <p className="model-name" data-model={model ?? ''}>
        {model ? <code>{model}</code> : <strong>none loaded</strong>}
      </p>
      <p title="the semantic lane: cosine similarity of chunk embeddings">
        {model
          ? `Meaning search (embeddings) finds pages by what they say, through this model, over the index's ${status.chunks} chunks.`
          : 'Meaning search (embeddings) is off; keyword and word-overlap search work without it.'}
      </p>
      {note && <p className="muted small">Last run: {note}</p>}
    </section>
  );
}

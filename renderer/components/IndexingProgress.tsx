// A running indexing run: which phase, how far, and what the phase is doing. Files are counted
// while scanning and indexing, chunks while embedding; building the model has no count.
import type { IndexProgress } from '../../shared/indexing.ts';
import { ProgressBar } from './ProgressBar.tsx';

const PHASE: Record<IndexProgress['phase'], string> = {
  scan: 'Finding files',
  index: 'Reading pages',
  link: 'Resolving links',
  model: 'Building the embedding model',
  download: 'Downloading the embedding model',
  embed: 'Embedding chunks',
  done: 'Done',
};

export function progressOf(p: IndexProgress): { value: number; max: number; text: string } {
  if (p.phase === 'embed') return { value: p.chunksEmbedded, max: p.chunksToEmbed, text: `${p.chunksEmbedded} of ${p.chunksToEmbed} chunks` };
  if (p.phase === 'download') return { value: 0, max: 0, text: p.note ?? 'downloading' };
  if (p.phase === 'model') return { value: 0, max: 0, text: p.note ?? 'learning from the wiki' };
  return { value: p.seen, max: p.total, text: `${p.seen} of ${p.total} files` };
}

export function IndexingProgress({ progress, compact = false }: { progress: IndexProgress; compact?: boolean }) {
  const { value, max, text } = progressOf(progress);
  if (compact) {
    return (
      <div className="nav-indexing" aria-live="polite">
        <span>
          {PHASE[progress.phase]}… {max > 0 ? `${value}/${max}` : ''}
        </span>
        <ProgressBar value={value} max={max} label="Indexing progress" />
      </div>
    );
  }
  return (
    <section className="panel indexing" aria-live="polite" aria-label="Indexing">
      <h2>
        {PHASE[progress.phase]}
        {progress.root ? <span className="muted"> · {progress.root}</span> : null}
      </h2>
      <ProgressBar value={value} max={max} label="Indexing progress" />
      <p className="muted small">
        {text} · {progress.indexed} indexed · {progress.unchanged} unchanged · {progress.skipped} skipped · {progress.failed} failed
        {progress.note && progress.phase !== 'model' ? ` · ${progress.note}` : ''}
      </p>
    </section>
  );
}

// The last switch of model: how far it is while it runs (search keeps answering with the model in
// use meanwhile), then one line saying which model serves now, or why the switch failed and what
// to try where the hub cannot be reached.
import type { ModelJob } from '../../shared/models.ts';
import { ProgressBar } from '../components/ProgressBar.tsx';

const PHASE: Record<'download' | 'embed', string> = {
  download: 'Downloading',
  embed: 'Embedding every chunk with',
};

/** The download reports a percentage, embedding a count of chunks. */
function howFar(job: ModelJob): string {
  if (job.total === 0) return '';
  return job.phase === 'download' ? `${job.done}%` : `${job.done} of ${job.total} chunks`;
}

export function SwitchProgress({ job, serving, endpoint }: { job: ModelJob; serving: string | null; endpoint: string }) {
  if (job.phase === 'done')
    return (
      <p className="note switch-done" role="status" data-phase="done">
        Switched to <code>{job.setting}</code>: <code>{serving}</code> serves search now.
      </p>
    );
  if (job.phase === 'failed') return <SwitchFailed job={job} serving={serving} endpoint={endpoint} />;
  const far = howFar(job);
  return (
    <section className="panel switch-progress" aria-label="Model switch" aria-live="polite" data-phase={job.phase}>
      <h2>
        {PHASE[job.phase]} <code>{job.setting}</code>
      </h2>
      <ProgressBar value={job.done} max={job.total} label={`${PHASE[job.phase]} ${job.setting}`} />
      <p className="muted small">
        {far && <span className="switch-count">{far}</span>}
        {far && job.note ? ' · ' : ''}
        {job.note}
      </p>
      <p className="small">Search goes on with {serving ? <code>{serving}</code> : 'the other lanes'} meanwhile.</p>
    </section>
  );
}

function SwitchFailed({ job, serving, endpoint }: { job: ModelJob; serving: string | null; endpoint: string }) {
  return (
    <div className="error-note switch-failed" role="alert" data-phase="failed">
      <p>
        <strong>
          The switch to <code>{job.setting}</code> failed:
        </strong>{' '}
        {job.error}
        {serving && (
          <>
            {' '}
            (<code>{serving}</code> goes on serving.)
          </>
        )}
      </p>
      {job.setting.startsWith('hub:') && (
        <p className="small">
          Hub models are downloaded from <code>{endpoint}</code>. Where it cannot be reached, start Cairn with <code>HF_ENDPOINT</code> naming a mirror, or
          import a model folder on the command line: <code>cairn models use DIR</code>.
        </p>
      )}
    </div>
  );
}

// The embedding models: the one serving, a switch to another (a recommended hub model, any hub id,
// or the offline adaptive model) followed as it downloads and embeds while search goes on with the
// model in use, and a rollback to the one before.
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Loading } from '../components/Loading.tsx';
import { ModelChoices } from '../models/ModelChoices.tsx';
import { OtherHubModel } from '../models/OtherHubModel.tsx';
import { ServingPanel } from '../models/ServingPanel.tsx';
import { SwitchProgress } from '../models/SwitchProgress.tsx';
import { useModelSwitch } from '../models/useModelSwitch.ts';

export function ModelsScreen() {
  const { models, loadError, reload, job, busy, refused, use, rollback } = useModelSwitch();
  return (
    <div className="screen models-screen">
      <header className="screen-head">
        <h1>Embedding models</h1>
        <p className="muted">
          Meaning search (the semantic lane) compares pages and queries through an embedding model. Moving to another embeds every chunk with it while search
          goes on with the model in use, then switches in one step; the choice is kept in the config file for the next start.
        </p>
      </header>
      {loadError && !models && <ErrorNote message={loadError} onRetry={reload} />}
      {!models && !loadError && <Loading label="Reading the embedding models…" />}
      {models && (
        <>
          {refused && <ErrorNote message={refused} />}
          {job && <SwitchProgress job={job} serving={models.serving} endpoint={models.endpoint} />}
          <ServingPanel models={models} busy={busy} onUse={use} onRollback={rollback} />
          <section className="panel" aria-label="Hub models">
            <h2>Hub models</h2>
            <p className="muted small">
              Downloaded once from <code>{models.endpoint}</code> into this machine's cache, each file checked.
            </p>
            <ModelChoices choices={models.choices} serving={models.serving} busy={busy} onUse={use} />
            <OtherHubModel busy={busy} onUse={use} />
          </section>
        </>
      )}
    </div>
  );
}

// The model the semantic lane searches with now, the setting that chose it, the offline default to
// go to, and the model before the last switch, which a rollback goes back to.
import type { ModelsResponse } from '../../shared/models.ts';

interface Props {
  models: Pick<ModelsResponse, 'serving' | 'setting' | 'previous'>;
  busy: boolean;
  onUse(model: string): void;
  onRollback(): void;
}

export function ServingPanel({ models, busy, onUse, onRollback }: Props) {
  const { serving, setting, previous } = models;
  return (
    <section className="panel serving" aria-label="Serving">
      <h2>Serving</h2>
      <p className="model-name" data-model={serving ?? ''}>
        {serving ? <code>{serving}</code> : <strong>none loaded</strong>} <span className="muted small">setting: {setting}</span>
      </p>
      <div className="serving-row">
        <button type="button" className="button" disabled={busy || setting === 'adaptive'} onClick={() => onUse('adaptive')}>
          Use adaptive
        </button>
        <span className="muted small">
          {setting === 'adaptive' ? 'Serving now: ' : ''}the offline default, learned from this wiki (GloVe until the wiki is big enough to learn from).
        </span>
      </div>
      <div className="serving-row previous" data-previous={previous ?? ''}>
        {previous ? (
          <>
            <button type="button" className="button" disabled={busy} onClick={onRollback}>
              Roll back
            </button>
            <span className="small">
              to <code>{previous}</code>, the model before the last switch.
            </span>
          </>
        ) : (
          <span className="muted small">No switch made yet: nothing to roll back to.</span>
        )}
      </div>
    </section>
  );
}

// The fusion debugger's controls: RRF or convex, the three lane weights and k. Moving them
// re-ranks the returned results at once, client-side; "Reset" goes back to the weights that
// belong to the embedding model in use.
import type { Lane, LaneStatus } from '../../shared/search.ts';
import { LANES, LANE_HINT, LANE_LABEL, isDropped, laneColor, laneState } from '../search/lanes.ts';
import { sameLens, type FusionLens } from '../search/rerank.ts';
import { WeightSlider } from './WeightSlider.tsx';

interface Props {
  lens: FusionLens;
  defaults: FusionLens;
  statuses: Partial<Record<Lane, LaneStatus>>;
  model: string | null;
  onChange: (lens: FusionLens) => void;
}

const K_MAX = 200;

/** The weights' scale: 0..1 for weights like a convex mix, else room for twice the largest default. */
function weightScale(defaults: FusionLens): { max: number; step: number } {
  const top = Math.max(...Object.values(defaults.weights));
  return top <= 1 ? { max: 1, step: 0.01 } : { max: Math.ceil(top * 2), step: 0.05 };
}

export function FusionPanel({ lens, defaults, statuses, model, onChange }: Props) {
  const changed = !sameLens(lens, defaults);
  const scale = weightScale(defaults);
  const setWeight = (lane: Lane, value: number) => onChange({ ...lens, weights: { ...lens.weights, [lane]: value } });
  return (
    <section className="panel fusion-panel" aria-label="Fusion">
      <header className="panel-head">
        <h2>Fusion</h2>
        <div className="segmented small" role="radiogroup" aria-label="Fusion method">
          {(['rrf', 'convex'] as const).map((m) => (
            <label key={m} className={lens.fusion === m ? 'on' : undefined}>
              <input type="radio" name="fusion-method" value={m} checked={lens.fusion === m} onChange={() => onChange({ ...lens, fusion: m })} />
              {m === 'rrf' ? 'RRF' : 'Convex'}
            </label>
          ))}
        </div>
      </header>
      <p className="formula">{lens.fusion === 'rrf' ? 'score = Σ weight ÷ (k + rank)' : 'score = Σ weight × normalized score'}</p>
      {LANES.map((lane) => {
        const state = laneState(statuses[lane]);
        const off = isDropped(state) ? `${state.state}: ${state.reason}` : state.state === 'absent' ? 'not run in this mode' : undefined;
        return (
          <WeightSlider
            key={lane}
            label={`${LANE_LABEL[lane]} weight`}
            value={lens.weights[lane]}
            min={0}
            max={Math.max(scale.max, lens.weights[lane])}
            step={scale.step}
            accent={laneColor(lane)}
            disabled={off !== undefined}
            note={off ?? LANE_HINT[lane]}
            isDefault={lens.weights[lane] === defaults.weights[lane]}
            onChange={(v) => setWeight(lane, v)}
          />
        );
      })}
      <WeightSlider
        label="k"
        value={lens.rrfK}
        min={1}
        max={Math.max(K_MAX, defaults.rrfK * 2)}
        step={1}
        digits={0}
        disabled={lens.fusion !== 'rrf'}
        note={lens.fusion === 'rrf' ? 'larger k flattens the gap between ranks' : 'k only matters for RRF'}
        isDefault={lens.rrfK === defaults.rrfK}
        onChange={(v) => onChange({ ...lens, rrfK: v })}
      />
      <div className="defaults">
        <div className="defaults-head">
          <span>Model defaults</span>
          <button type="button" className="button small" onClick={() => onChange(defaults)} disabled={!changed}>
            Reset
          </button>
        </div>
        <p className="defaults-values">
          {defaults.fusion.toUpperCase()} · lexical {defaults.weights.lexical} · semantic {defaults.weights.semantic} · token {defaults.weights.token}
          {defaults.fusion === 'rrf' ? ` · k ${defaults.rrfK}` : ''}
        </p>
        <p className="muted small">Embedding model: {model ?? 'none loaded'}</p>
      </div>
      {changed && <p className="lens-note">Re-ranked here from the returned lane ranks; arrows show moves against the engine's order.</p>}
    </section>
  );
}

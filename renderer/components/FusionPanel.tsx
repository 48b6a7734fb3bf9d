// The fusion debugger's controls: blend ranks (RRF) or scores (convex), the four lane weights and
// k, each named in plain words with its term beside it and how it works in the tooltip. Moving them
// re-ranks the returned results at once, client-side; "Reset" goes back to the weights that
// belong to the embedding model in use. Two steps around the fusion ask the engine again: intent
// (weights adjusted to what the query asks for, before fusion) and variety (MMR, after it).
import type { Lane, LaneStatus, MmrStep, RerankStatus, SearchIntent, SearchResult } from '../../shared/search.ts';
import { LANES, LANE_LABEL, isDropped, laneColor, laneLabelWithTerm, laneState, laneTooltip } from '../search/lanes.ts';
import { sameLens, type FusionLens } from '../search/lens.ts';
import { FUSION_LABEL, FUSION_LABEL_WITH_TERM, FUSION_TERM } from '../search/words.ts';
import { WeightSlider } from './WeightSlider.tsx';

interface Props {
  lens: FusionLens;
  defaults: FusionLens;
  statuses: Partial<Record<Lane, LaneStatus>>;
  model: string | null;
  onChange: (lens: FusionLens) => void;
  steps: {
    intent: boolean;
    mmr: number | null;
    rerank: boolean;
    onIntent: (on: boolean) => void;
    onMmr: (lambda: number | null) => void;
    onRerank: (on: boolean) => void;
  };
  response: { intent: SearchIntent | null; mmr: MmrStep | null; rerank: RerankStatus | null; results: SearchResult[] };
}

const MMR_DEFAULT_LAMBDA = 0.7;

const K_MAX = 200;

/** The weights' scale: 0..1 for weights like a convex mix, else room for twice the largest default. */
function weightScale(defaults: FusionLens): { max: number; step: number } {
  const top = Math.max(...Object.values(defaults.weights));
  return top <= 1 ? { max: 1, step: 0.01 } : { max: Math.ceil(top * 2), step: 0.05 };
}

export function FusionPanel({ lens, defaults, statuses, model, onChange, steps, response }: Props) {
  const changed = !sameLens(lens, defaults);
  const scale = weightScale(defaults);
  const setWeight = (lane: Lane, value: number) => onChange({ ...lens, weights: { ...lens.weights, [lane]: value } });
  return (
    <section className="panel fusion-panel" aria-label="Fusion">
      <header className="panel-head">
        <h2>Fusion</h2>
        <div className="segmented small" role="radiogroup" aria-label="Fusion method">
          {(['rrf', 'convex'] as const).map((m) => (
            <label key={m} className={lens.fusion === m ? 'on' : undefined} title={FUSION_TERM[m]}>
              <input type="radio" name="fusion-method" value={m} checked={lens.fusion === m} onChange={() => onChange({ ...lens, fusion: m })} />
              {FUSION_LABEL_WITH_TERM[m]}
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
            label={laneLabelWithTerm(lane)}
            value={lens.weights[lane]}
            min={0}
            max={Math.max(scale.max, lens.weights[lane])}
            step={scale.step}
            accent={laneColor(lane)}
            disabled={off !== undefined}
            note={off ?? laneTooltip(lane)}
            isDefault={lens.weights[lane] === defaults.weights[lane]}
            onChange={(v) => setWeight(lane, v)}
          />
        );
      })}
      <WeightSlider
        label="Rank smoothing (k)"
        value={lens.rrfK}
        min={1}
        max={Math.max(K_MAX, defaults.rrfK * 2)}
        step={1}
        digits={0}
        disabled={lens.fusion !== 'rrf'}
        note={lens.fusion === 'rrf' ? 'RRF’s k: larger k flattens the gap between ranks' : 'k only matters when blending ranks (RRF)'}
        isDefault={lens.rrfK === defaults.rrfK}
        onChange={(v) => onChange({ ...lens, rrfK: v })}
      />
      <div className="steps">
        <label className="step-toggle" title="weights adjusted, before the blend, to what the query asks for (a fix, a how-to, …)">
          <input type="checkbox" checked={steps.intent} onChange={(e) => steps.onIntent(e.target.checked)} /> Intent weights
        </label>
        {response.intent && <p className="step-line intent-line">{intentLine(response.intent)}</p>}
        <label className="step-toggle" title="MMR (maximal marginal relevance), after the blend: near-duplicates of a result above move down">
          <input type="checkbox" checked={steps.mmr !== null} onChange={(e) => steps.onMmr(e.target.checked ? MMR_DEFAULT_LAMBDA : null)} /> Variety (MMR)
        </label>
        {steps.mmr !== null && (
          <WeightSlider
            label="Relevance over variety (λ)"
            value={steps.mmr}
            min={0}
            max={1}
            step={0.05}
            note="MMR after the blend: λ × relevance − (1 − λ) × similarity to the results above; 1 keeps the blended order"
            isDefault={steps.mmr === MMR_DEFAULT_LAMBDA}
            onChange={(v) => steps.onMmr(v)}
          />
        )}
        {response.mmr && <p className="step-line mmr-line">{mmrLine(response.mmr, response.results)}</p>}
        {(response.rerank || !steps.rerank) && (
          <label className="step-toggle" title="a cross-encoder that reads the query with each of the top results and orders them, after the blend">
            <input type="checkbox" checked={steps.rerank} onChange={(e) => steps.onRerank(e.target.checked)} /> Reranker
            {response.rerank && <span className="muted"> {response.rerank.model}</span>}
          </label>
        )}
      </div>
      <div className="defaults">
        <div className="defaults-head">
          <span>{response.intent && Object.keys(response.intent.adjusted).length > 0 ? 'Model defaults × intent' : 'Model defaults'}</span>
          <button type="button" className="button small" onClick={() => onChange(defaults)} disabled={!changed}>
            Reset
          </button>
        </div>
        <p className="defaults-values">
          {FUSION_LABEL[defaults.fusion]} · {LANES.map((lane) => `${LANE_LABEL[lane]} ${defaults.weights[lane]}`).join(' · ')}
          {defaults.fusion === 'rrf' ? ` · k ${defaults.rrfK}` : ''}
        </p>
        <p className="muted small">Embedding model: {model ?? 'none loaded'}</p>
      </div>
      {changed && (
        <p className="lens-note">
          Re-ranked here from the returned lane ranks{response.mmr ? ', without the MMR step' : ''}; arrows show moves against the engine's order.
        </p>
      )}
    </section>
  );
}

/** "intent: fix · database; weights adjusted because …: lexical ×1.69" */
export function intentLine(i: SearchIntent): string {
  const what = [i.action, i.target].filter(Boolean).join(' · ') || 'none recognized';
  const factors = Object.entries(i.adjusted)
    .map(([lane, f]) => `${lane} ×${Number(f.toFixed(2))}`)
    .join(', ');
  return factors ? `intent: ${what}; weights adjusted because ${i.because} (${factors})` : `intent: ${what}; weights unchanged`;
}

/** "MMR λ 0.7 over the top 30: 4 results moved" */
export function mmrLine(m: MmrStep, results: SearchResult[]): string {
  const moved = results.filter((r, i) => r.mmr && r.mmr.fusedRank !== i + 1).length;
  return `MMR λ ${m.lambda} over the fused top ${m.pool}: ${moved === 0 ? 'order unchanged' : `${moved} result${moved === 1 ? '' : 's'} moved`}`;
}

// Combined / keywords / meaning / word overlap (hybrid, lexical, semantic, token in the tooltip),
// as a segmented control (radio buttons underneath).
import { MODES, type Mode } from '../../shared/search.ts';
import { modeLabel, modeTooltip } from '../search/words.ts';

export function ModeSwitch({
  value,
  onChange,
  name = 'mode',
  label = 'Search mode',
}: {
  value: Mode;
  onChange: (m: Mode) => void;
  name?: string;
  label?: string;
}) {
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {MODES.map((m) => (
        <label key={m} className={m === value ? 'on' : undefined} title={modeTooltip(m)}>
          <input type="radio" name={name} value={m} checked={m === value} onChange={() => onChange(m)} />
          {m !== 'hybrid' && <span className={`dot lane-${m}`} aria-hidden="true" />}
          {modeLabel(m)}
        </label>
      ))}
    </div>
  );
}

// One labelled range input with its value; `accent` colours the track like its lane.
import { useId, type CSSProperties } from 'react';

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  note?: string;
  accent?: string;
  isDefault: boolean;
  digits?: number;
}

export function WeightSlider({ label, value, min, max, step, onChange, disabled, note, accent, isDefault, digits = 2 }: Props) {
  const id = useId();
  return (
    <div className={disabled ? 'slider disabled' : 'slider'} title={note}>
      <div className="slider-label">
        {accent && <span className="dot" style={{ background: accent }} aria-hidden="true" />}
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id} className={isDefault ? 'slider-value' : 'slider-value changed'}>
          {value.toFixed(digits)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-describedby={note ? `${id}-note` : undefined}
        style={accent ? ({ '--thumb': accent } as CSSProperties) : undefined}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      {note && (
        <span className="slider-note" id={`${id}-note`}>
          {note}
        </span>
      )}
    </div>
  );
}

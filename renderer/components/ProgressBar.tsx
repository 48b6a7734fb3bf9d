export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
      <div className={max > 0 ? 'progress-fill' : 'progress-fill indeterminate'} style={{ width: max > 0 ? `${pct}%` : undefined }} />
    </div>
  );
}

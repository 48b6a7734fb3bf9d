// What a screen shows while its first answer is on the way (a large wiki's can take seconds):
// words and a moving bar, never a blank screen.
import { ProgressBar } from './ProgressBar.tsx';

export function Loading({ label }: { label: string }) {
  return (
    <div className="loading" role="status">
      <p className="muted">{label}</p>
      <ProgressBar value={0} max={0} label={label} />
    </div>
  );
}

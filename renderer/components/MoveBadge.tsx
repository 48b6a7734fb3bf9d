// How far a result moved from the engine's ranking under the sliders: ↑2, ↓1, or nothing.
export function MoveBadge({ moved }: { moved: number }) {
  if (moved === 0) return <span className="move same" aria-hidden="true" />;
  const up = moved > 0;
  return (
    <span className={up ? 'move up' : 'move down'} data-moved={moved} title={`${up ? 'up' : 'down'} ${Math.abs(moved)} from the engine's ranking`}>
      {up ? '↑' : '↓'}
      {Math.abs(moved)}
    </span>
  );
}

// How many links out from the centre page the graph follows.
export function DepthSwitch({ depth, onChange }: { depth: number; onChange: (depth: number) => void }) {
  return (
    <div className="segmented small" role="radiogroup" aria-label="Depth">
      {[1, 2, 3].map((d) => (
        <label key={d} className={d === depth ? 'on' : undefined}>
          <input type="radio" name="graph-depth" value={d} checked={d === depth} onChange={() => onChange(d)} />
          {d} link{d === 1 ? '' : 's'}
        </label>
      ))}
    </div>
  );
}

// The hub models Cairn recommends, with what a choice turns on (the download's size, the languages,
// the licence, the published figure it was picked on) and whether this machine has it already.
import type { ModelChoice } from '../../shared/models.ts';

interface Props {
  choices: ModelChoice[];
  serving: string | null;
  busy: boolean;
  onUse(model: string): void;
}

export function ModelChoices({ choices, serving, busy, onUse }: Props) {
  return (
    <table className="table model-choices" aria-label="Recommended models">
      <thead>
        <tr>
          <th>Model</th>
          <th>Size</th>
          <th>Languages</th>
          <th>Licence</th>
          <th>Published figure</th>
          <th>On this machine</th>
          <th>
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {choices.map((m) => (
          <tr key={m.id} data-model={m.id}>
            <td className="nowrap">
              <code>{m.id}</code>
            </td>
            <td className="nowrap">
              {m.megabytes} MB <span className="muted small">· {m.dim}-d</span>
            </td>
            <td>{m.languages}</td>
            <td className="nowrap">{m.licence}</td>
            <td>{m.published}</td>
            <td>{m.downloaded ? 'downloaded' : <span className="muted">to download</span>}</td>
            <td>
              {m.id === serving ? (
                <span className="badge scope">serving</span>
              ) : (
                <button type="button" className="button small" disabled={busy} aria-label={`Use ${m.id}`} onClick={() => onUse(`hub:${m.id}`)}>
                  Use
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
